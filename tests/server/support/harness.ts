// Builds the real app against a fresh database (./db.ts) and a real SMTP server (./mail.ts), with a
// clock the test moves.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import type { AuthUser } from '../../../contract/users/entities';
import { login as loginEntry } from '../../../contract/users/endpoints';
import type { Territory } from '../../../contract/shared/territory';
import { buildApp, depsOf } from '../../../server/app';
import type { Db } from '../../../server/db';
import type { Deps } from '../../../server/kernel/deps';
import type { BotVerifier } from '../../../server/modules/users/botCheck';
import { loadConfig, type Config } from '../../../server/config';
import { createMailer } from '../../../server/platform/mail';
import { urlOf } from './api';
import { freshDb, query } from './db';
import { startMailCatcher } from './mail';
import { watchErrorAnswers } from './documentedErrors';

// The database and mail helpers are imported from here by most tests, beside createHarness.
export { freshDb, query } from './db';
export { codeIn, startMailCatcher, type CapturedMail, type MailCatcher } from './mail';

/** argon2id hash (OWASP parameters) of fixturePassword, made once so fixtures cost no hashing. */
export const fixturePassword = 'Fixture-Password-1';
export const fixtureHash =
  '$argon2id$v=19$m=19456,p=1,t=2$RczLiXd4zEx9/3b9f2n70Q$swL5XyfOo5sLCEa9P0hAuFamH3bo9Nd8TgrUc1wUj6U';

export type TestClock = { (): number; advance(ms: number): void; set(ms: number): void };

export function testClock(start = Date.UTC(2030, 0, 1, 9, 0, 0)): TestClock {
  let now = start;
  const clock = (() => now) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (ms) => {
    now = ms;
  };
  return clock;
}

export type HarnessOptions = {
  /** Environment variables for loadConfig on top of an empty environment. */
  env?: Record<string, string>;
  botVerifier?: BotVerifier;
  /** Sees every query the app runs (the test's own `query` calls go around it). */
  dbPlugin?: KyselyPlugin;
  /** Routes only the test registers (the test-only metered route), with the app's deps. */
  routes?: FastifyPluginAsync<{ deps: Deps }>;
  /** Sees every route the app registers (its plugins register theirs when the app gets ready). */
  onRoute?: (route: RouteOptions) => void;
};

export type Harness = Awaited<ReturnType<typeof createHarness>>;

let emailCounter = 0;
/** A unique address per call, so tests sharing one database never collide. */
export const uniqueEmail = (label = 'user') =>
  `${label}-${process.pid}-${++emailCounter}-${randomBytes(3).toString('hex')}@example.com`;

/**
 * A validated owner (the fixture password) of a new UK account named `accountName`, written straight
 * into `db`: for tests whose server runs in another process. Returns the user's id.
 */
export async function insertOwnerWithAccount(db: Db, email: string, accountName: string): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const user = await query<{ id: number }>(db,
    `insert into users (user_name, email, password_hash, personal_name, territory, roles, validated, create_timestamp, update_timestamp)
     values ($1, $1, $2, 'Test Owner', 'uk', '{account}', true, $3, $3) returning id`, [email, fixtureHash, now]);
  const account = await query<{ id: number }>(db,
    `insert into groups (name, type, territory, create_timestamp, update_timestamp) values ($1, 'account', 'uk', $2, $2) returning id`, [accountName, now]);
  await query(db, `insert into group_users (group_id, user_id, access_level, create_timestamp) values ($1, $2, 'owner', $3)`, [account.rows[0].id, user.rows[0].id, now]);
  return user.rows[0].id;
}

export async function createHarness(options: HarnessOptions = {}) {
  const mail = await startMailCatcher();
  const { db, openAnother, drop } = await freshDb();
  const clock = testClock();
  const config: Config = loadConfig({ STATIC_DIR: '/nonexistent-portal-dist', ...options.env, SMTP_URL: mail.url });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db });
  const appDb = options.dbPlugin ? db.withPlugin(options.dbPlugin) : db;
  const app: FastifyInstance = buildApp({ db: appDb, mailer, config, clock, botVerifier: options.botVerifier });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const errorAnswers = watchErrorAnswers(app);
  if (options.routes) app.register(options.routes, { deps: depsOf(app) });
  await app.ready();

  const inject = (request: InjectOptions): Promise<LightMyRequestResponse> => app.inject(request);

  async function createUser(fields: {
    email?: string;
    roles?: string[];
    validated?: boolean;
    locked?: boolean;
    territory?: Territory;
    personalName?: string;
  } = {}) {
    const email = fields.email ?? uniqueEmail();
    const now = Math.floor(clock() / 1000);
    const { rows } = await query<{ id: number }>(db,
      `insert into users (user_name, email, password_hash, personal_name, territory, roles, validated, locked,
                          create_timestamp, update_timestamp)
       values ($1, $1, $2, $3, $4, $5, $6, $7, $8, $8) returning id`,
      [email, fixtureHash, fields.personalName ?? 'Test User', fields.territory ?? 'uk', fields.roles ?? ['account'],
        fields.validated ?? true, fields.locked ?? false, now],
    );
    return { id: rows[0].id, email, password: fixturePassword };
  }

  async function createGroup(fields: {
    name: string;
    type: 'partner' | 'organisation' | 'account';
    parentId?: number | null;
    territory?: Territory;
    subtype?: string;
  }) {
    const now = Math.floor(clock() / 1000);
    const { rows } = await query<{ id: number }>(db,
      `insert into groups (parent_id, name, type, subtype, territory, create_timestamp, update_timestamp)
       values ($1, $2, $3, $4, $5, $6, $6) returning id`,
      [fields.parentId ?? null, fields.name, fields.type, fields.subtype ?? null, fields.territory ?? 'uk', now],
    );
    return rows[0].id;
  }

  async function addToGroup(groupId: number, userId: number, accessLevel: 'owner' | 'sudoowner' | 'member' | 'manager') {
    await query(db,
      'insert into group_users (group_id, user_id, access_level, create_timestamp) values ($1, $2, $3, $4)',
      [groupId, userId, accessLevel, Math.floor(clock() / 1000)],
    );
  }

  const basic = (userName: string, password: string) =>
    `Basic ${Buffer.from(`${userName}:${password}`).toString('base64')}`;

  /** The login call (GET /auth) with basic credentials, as sent: the header and the client's address are the test's. */
  const authenticate = (
    userName: string,
    password: string,
    query: Record<string, string> = {},
    extra: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) =>
    inject({
      method: 'GET',
      url: urlOf(loginEntry, { query }),
      headers: { authorization: basic(userName, password), ...extra.headers },
      remoteAddress: extra.remoteAddress,
    });

  /** Logs in and returns the auth user, failing the test on anything but 200. */
  async function login(userName: string, password = fixturePassword, query: Record<string, string> = {}) {
    const response = await authenticate(userName, password, query);
    if (response.statusCode !== 200) throw new Error(`Login failed: ${response.statusCode} ${response.body}`);
    return response.json<AuthUser>();
  }

  const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

  return {
    app,
    db,
    /** Another connection pool on the same database, as a second process would have; null on PGlite. */
    openAnother,
    config,
    clock,
    mail,
    inject,
    createUser,
    createGroup,
    addToGroup,
    basic,
    authenticate,
    login,
    bearer,
    async close() {
      const undocumented = (() => {
        try {
          errorAnswers.check();
          return null;
        } catch (error) {
          return error;
        }
      })();
      await app.close();
      await mailer.close();
      await mail.close();
      await drop();
      if (undocumented) throw undocumented;
    },
  };
}
