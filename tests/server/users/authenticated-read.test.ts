// An authenticated read costs one query (the session check and the user's row
// are one join, and reading oneself reuses that row), and nothing about a session is kept in memory,
// so another process sees a logout or a lock at once.
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { createMailer } from '../../../server/platform/mail';
import * as E from '../../../contract/users/endpoints';
import { call } from '../support/api';
import { createHarness, type Harness } from '../support/harness';

/** Counts the statements the app runs (every executed query passes transformResult once). */
let statements = 0;
const counter: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    statements += 1;
    return args.result;
  },
};

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ dbPlugin: counter });
});
afterAll(() => h?.close());

/** The statements one request runs. */
async function countOf(request: () => Promise<{ status: number }>): Promise<{ statusCode: number; statements: number }> {
  statements = 0;
  const { status } = await request();
  return { statusCode: status, statements };
}

const readUser = (jwt: string, id: number) => call(h, null, E.getUser, { query: { id }, headers: h.bearer(jwt) });
const logout = (jwt: string) => call(h, null, E.logout, { headers: h.bearer(jwt) });

describe('queries per authenticated read', () => {
  it('reads oneself with one query: the session check, joined with the user row', async () => {
    const me = await h.createUser();
    const { jwt } = await h.login(me.email);
    expect(await countOf(() => readUser(jwt, me.id))).toEqual({ statusCode: 200, statements: 1 });
  });

  it('reads another user, for staff, with one more', async () => {
    const staff = await h.createUser({ roles: ['admin'] });
    const other = await h.createUser();
    const { jwt } = await h.login(staff.email);
    expect(await countOf(() => readUser(jwt, other.id))).toEqual({ statusCode: 200, statements: 2 });
  });

  it('refuses a logged-out session after that one query, and a bad token with none', async () => {
    const me = await h.createUser();
    const { jwt } = await h.login(me.email);
    expect((await logout(jwt)).status).toBe(200);
    expect(await countOf(() => readUser(jwt, me.id))).toEqual({ statusCode: 401, statements: 1 });
    const forged = `${jwt.slice(0, jwt.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    expect(await countOf(() => readUser(forged, me.id))).toEqual({ statusCode: 401, statements: 0 });
  });
});

describe('calls that arrive together', () => {
  it('have their sessions checked in one statement, each call answered as its own', async () => {
    const [me, other, gone] = [await h.createUser(), await h.createUser(), await h.createUser()];
    const [mine, theirs, ended] = [await h.login(me.email), await h.login(other.email), await h.login(gone.email)];
    expect((await logout(ended.jwt)).status).toBe(200);
    const reads = [
      () => readUser(mine.jwt, me.id),
      () => readUser(theirs.jwt, other.id),
      () => readUser(ended.jwt, gone.id),
      () => readUser(mine.jwt, other.id),
      () => readUser(mine.jwt, me.id),
    ];
    statements = 0;
    const answers = await Promise.all(reads.map((read) => read()));
    expect({ statuses: answers.map((a) => a.status), statements }).toEqual({ statuses: [200, 200, 401, 403, 200], statements: 1 });
    expect(answers.map((a) => (a.ok ? a.body.id : null))).toEqual([me.id, other.id, null, null, me.id]);
  });
});

describe('sessions across processes', () => {
  // A second app on the same database; on PostgreSQL with its own connection pool, as a second
  // process would have (PGlite is one process's database: there the two apps share it).
  let second: FastifyInstance;
  let closeSecond: () => Promise<void>;
  beforeAll(async () => {
    const other = (await h.openAnother()) ?? h.db;
    const mailer = createMailer({ db: other });
    second = buildApp({ db: other, mailer, config: h.config, clock: h.clock });
    await second.ready();
    closeSecond = async () => {
      await second.close();
      await mailer.close();
      if (other !== h.db) await other.destroy();
    };
  });
  afterAll(() => closeSecond?.());

  const readThere = (jwt: string, id: number) =>
    call({ inject: (request) => second.inject(request) }, null, E.getUser, { query: { id }, headers: h.bearer(jwt) });

  it('ends a session in the other process at once on logout', async () => {
    const me = await h.createUser();
    const { jwt } = await h.login(me.email);
    expect((await readThere(jwt, me.id)).status).toBe(200);
    expect((await logout(jwt)).status).toBe(200);
    expect((await readThere(jwt, me.id)).status).toBe(401);
  });

  it('ends every session of a user in the other process at once when staff lock them', async () => {
    const staff = await h.createUser({ roles: ['admin'] });
    const me = await h.createUser();
    const mine = await h.login(me.email);
    expect((await readThere(mine.jwt, me.id)).status).toBe(200);
    const { jwt } = await h.login(staff.email);
    const locked = await call(h, null, E.lockUser, { query: { id: me.id }, body: { lock: true }, headers: h.bearer(jwt) });
    expect(locked.status).toBe(200);
    expect((await readThere(mine.jwt, me.id)).status).toBe(401);
  });
});
