// Builds the real app against a fresh database and a real SMTP server, with a clock the test moves.
// PGlite in memory by default; with DATABASE_URL, PostgreSQL in a schema of its own, dropped at the end.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CompiledQuery, type KyselyPlugin } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { AuthUser } from '../../../contract/users/entities';
import type { Territory } from '../../../contract/shared/territory';
import { buildApp, depsOf } from '../../../server/app';
import type { Deps } from '../../../server/kernel/deps';
import type { BotVerifier } from '../../../server/modules/users/botCheck';
import { loadConfig, type Config } from '../../../server/config';
import { migrate, openDb, type Db } from '../../../server/db';
import { archiveOf, openPglite } from '../../../server/db/pglite';
import { dropSchema } from '../../../server/db/postgres';
import { createMailer } from '../../../server/platform/mail';

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

export type CapturedMail = { to: string[]; subject: string; text: string; html: string; raw: string };

/** A real SMTP server on an ephemeral port that keeps what it receives. */
export async function startMailCatcher() {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({ ...parseMime(raw), to: session.envelope.rcptTo.map((r) => r.address), raw });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The first message to `to` (and matching subject) not yet taken; waits for it to arrive. */
    async take(to: string, subject?: string, timeoutMs = 5000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = messages.findIndex((m) => m.to.includes(to) && (!subject || m.subject === subject));
        if (index >= 0) return messages.splice(index, 1)[0];
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No mail to ${to}${subject ? ` with subject "${subject}"` : ''}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** The 6-digit code of a validation or reset email. */
export function codeIn(mail: CapturedMail): string {
  const match = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!match) throw new Error(`No code in mail: ${mail.text}`);
  return match[1];
}

/** Just enough MIME for nodemailer's output: subject and the text/plain and text/html parts. */
function parseMime(raw: string): { subject: string; text: string; html: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = unfold(head);
  const body = rest.join('\r\n\r\n');
  const subject = headers.get('subject') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? body.split(`--${boundary}`).slice(1, -1).map((part) => {
        const [partHead, ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
        return { headers: unfold(partHead), body: partBody.join('\r\n\r\n') };
      })
    : [{ headers, body }];
  const decoded = (type: string) => {
    const part = parts.find((p) => (p.headers.get('content-type') ?? '').startsWith(type));
    if (!part) return '';
    const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
    if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      return Buffer.from(
        part.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    }
    return part.body;
  };
  return { subject, text: decoded('text/plain').replace(/\r\n/g, '\n'), html: decoded('text/html') };
}

function unfold(head: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) map.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return map;
}

/**
 * Raw SQL with $1-style parameters, for tests that look at or set up rows directly (the server
 * itself builds every query with Kysely).
 */
export function query<T = Record<string, unknown>>(db: Db, text: string, params: readonly unknown[] = []): Promise<{ rows: T[] }> {
  return db.executeQuery<T>(CompiledQuery.raw(text, [...params]));
}

let migratedPglite: Promise<Blob> | undefined;

/** A migrated PGlite database as an archive, made once per test process: each fresh database loads it. */
function migratedArchive(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const db = await openPglite();
    await migrate(db);
    const archive = await archiveOf(db);
    await db.destroy();
    return archive;
  })();
  return migratedPglite;
}

/** A fresh database: PGlite in memory, or a new PostgreSQL schema when DATABASE_URL is set. */
export async function freshDb(options: { migrate?: boolean } = {}): Promise<{
  db: Db;
  /** Opens another connection pool on the same PostgreSQL schema, as a second process would; null on PGlite. */
  openAnother: () => Promise<Db> | null;
  drop: () => Promise<void>;
}> {
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `test_${process.pid}_${randomBytes(4).toString('hex')}` : undefined;
  const migrated = options.migrate ?? true;
  const db = !databaseUrl && migrated ? await openPglite(undefined, await migratedArchive()) : await openDb({ databaseUrl, schema });
  // On a migrated archive this only finds every migration recorded.
  if (migrated) await migrate(db);
  return {
    db,
    openAnother: () => (databaseUrl ? openDb({ databaseUrl, schema }) : null),
    drop: async () => {
      if (schema) await dropSchema(db, schema);
      await db.destroy();
    },
  };
}

export type HarnessOptions = {
  /** Environment variables for loadConfig on top of an empty environment. */
  env?: Record<string, string>;
  botVerifier?: BotVerifier;
  /** Sees every query the app runs (the test's own `query` calls go around it). */
  dbPlugin?: KyselyPlugin;
  /** Routes only the test registers (the test-only metered route), with the app's deps. */
  routes?: FastifyPluginAsync<{ deps: Deps }>;
};

export type Harness = Awaited<ReturnType<typeof createHarness>>;

let emailCounter = 0;
/** A unique address per call, so tests sharing one database never collide. */
export const uniqueEmail = (label = 'user') =>
  `${label}-${process.pid}-${++emailCounter}-${randomBytes(3).toString('hex')}@example.com`;

export async function createHarness(options: HarnessOptions = {}) {
  const mail = await startMailCatcher();
  const { db, openAnother, drop } = await freshDb();
  const clock = testClock();
  const config: Config = loadConfig({ STATIC_DIR: '/nonexistent-portal-dist', ...options.env, SMTP_URL: mail.url });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db });
  const appDb = options.dbPlugin ? db.withPlugin(options.dbPlugin) : db;
  const app: FastifyInstance = buildApp({ db: appDb, mailer, config, clock, botVerifier: options.botVerifier });
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

  /** GET /api/users/auth with basic credentials. */
  const authenticate = (
    userName: string,
    password: string,
    query: Record<string, string> = {},
    extra: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) =>
    inject({
      method: 'GET',
      url: '/api/users/auth',
      query,
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
      await app.close();
      await mailer.close();
      await mail.close();
      await drop();
    },
  };
}
