/** Milliseconds since the epoch; tests pass one they move to expire tokens and age out failures. */
export type Clock = () => number;

/** Whole seconds since the epoch, as the database and the spec's entities keep time. */
export const secondsOf = (clock: Clock) => Math.floor(clock() / 1000);

/** yyyy-mm-dd of the clock's day in UTC. */
export const utcDay = (clock: Clock) => new Date(clock()).toISOString().slice(0, 10);

/** dd/mm/yyyy of a timestamp in seconds, in UTC, as the portal writes dates (spec section 9). */
export function utcDate(seconds: number): string {
  const [y, m, d] = new Date(seconds * 1000).toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
