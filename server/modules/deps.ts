import type { Config } from '../config';
import type { Db } from '../db';
import type { Clock } from '../platform/clock';
import type { Mailer } from '../platform/mail';
import type { InviteTokens } from './groups/inviteTokens';
import type { Tokens } from './users/jwt';

/**
 * What the services need from the outside world, built once in app.ts. Each service function takes
 * the part it uses (Pick<Deps, ...>), so tests build it with real PGlite and fakes for time.
 */
export type Deps = {
  db: Db;
  mail: Mailer;
  clock: Clock;
  tokens: Tokens;
  inviteTokens: InviteTokens;
  config: Config;
  log: { error(obj: unknown, msg?: string): void };
  /** The bot check of login and signup: throws 400 when the widget's token is not genuine. */
  botCheck: (token: string | undefined, ip: string) => Promise<void>;
};

/** Origin for links in emails: PUBLIC_URL, else where the request was sent. */
export const baseUrlOf = (deps: Pick<Deps, 'config'>, origin: string) => deps.config.publicUrl ?? origin;
