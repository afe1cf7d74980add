import type { Tokens } from '../auth/jwt';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Mailer } from '../mail';

/** What the domain functions need from the outside world; tests pass real PGlite and a fake clock. */
export type DomainDeps = {
  db: Db;
  mailer: Mailer;
  /** Milliseconds since the epoch. */
  clock: () => number;
  tokens: Tokens;
  config: Pick<Config, 'throttle'>;
  log: { error(obj: unknown, msg?: string): void };
};

export const secondsOf = (clock: () => number) => Math.floor(clock() / 1000);
