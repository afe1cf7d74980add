/** Milliseconds since the epoch; tests pass one they move to expire tokens and age out failures. */
export type Clock = () => number;

/** Whole seconds since the epoch, as the database and the spec's entities keep time. */
export const secondsOf = (clock: Clock) => Math.floor(clock() / 1000);
