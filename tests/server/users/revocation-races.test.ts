// A login under way while its user's password changes or the user is locked, on PostgreSQL: the
// login's read of the user is held (tests/server/support/queryGate.ts) while the other call runs whole. The
// session a login makes must not outlive a change that ends the user's sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, createHarness, fixturePassword, query, type Harness } from '../support/harness';
import { meterCall, meterRoutes } from '../support/meter';
import { insertBundle, insertDataset, insertPlan, nowOf } from '../support/catalogue';
import { queryGate } from '../support/queryGate';
import { insertToken } from '../support/tokens';
import * as E from '../../../contract/users/endpoints';
import * as G from '../../../contract/groups/endpoints';
import * as T from '../../../contract/tokens/endpoints';
import type { BodyOf } from '../../../contract/endpoint';
import { call, okBody } from '../support/api';

let h: Harness;
const gate = queryGate();

beforeAll(async () => {
  h = await createHarness({ dbPlugin: gate.plugin, ...meterRoutes });
});
afterAll(() => h?.close());

const me = (jwt: string) => call(h, null, E.reauth, { query: {}, headers: h.bearer(jwt) });
const changePassword = (jwt: string, body: BodyOf<typeof E.setPassword>) => call(h, null, E.setPassword, { body, headers: h.bearer(jwt) });
/** The login call, with the user name and password as the SPA sends them. */
const logIn = (email: string, password = fixturePassword) => call(h, null, E.login, { query: {}, headers: { authorization: h.basic(email, password) } });
/** The token export, signed in with the owner's user name and password. */
const exportAs = (email: string, accountId: number, tokenId: number) =>
  call(h, null, T.exportToken, { query: { accountId, tokenId }, headers: { authorization: h.basic(email, fixturePassword) } });

async function lockerOf(targetId: number) {
  const admin = await h.createUser({ roles: ['admin'] });
  const adminJwt = (await h.login(admin.email)).jwt;
  return (value: boolean) =>
    call(h, null, E.lockUser, { query: { id: targetId }, body: { lock: value }, headers: h.bearer(adminJwt) });
}

// PostgreSQL only (see queryGate).
describe.runIf(process.env.DATABASE_URL)('a login under way', () => {
  it('is refused when the password changed while it was being checked', async () => {
    // The login checked the password it had read before the change and made a session after the
    // change had ended the others: the old password kept a session.
    const { email } = await h.createUser();
    const mine = await h.login(email);
    const { held, release } = gate.hold(['users']);
    const late = logIn(email);
    await held;
    expect((await changePassword(mine.jwt, { currentPassword: fixturePassword, newPassword: 'Changed-Pass-4' })).status).toBe(200);
    release();
    expect((await late).status).toBe(401);
  });

  it('is refused when the user was locked while the password was being checked, and nothing revives on unlock', async () => {
    // The login read the user unlocked, and its session, made after the lock had ended the others,
    // worked again once the user was unlocked.
    const target = await h.createUser();
    const lock = await lockerOf(target.id);
    const { held, release } = gate.hold(['users']);
    const late = logIn(target.email);
    await held;
    expect((await lock(true)).status).toBe(200);
    release();
    const answer = await late;
    expect((await lock(false)).status).toBe(200);
    const revived = answer.ok ? (await me(answer.body.jwt)).status : 401;
    expect([answer.status, revived]).toEqual([401, 401]);
  });

  it('ends the session of a login that was writing it when the user was locked, so unlocking does not revive it', async () => {
    // The lock ended the user's sessions first and then waited on the user's row for the login,
    // whose session, written just after, was left out and worked again once the user was unlocked.
    const target = await h.createUser();
    const lock = await lockerOf(target.id);
    // The login reads the user twice: to check the password (let through), then under a share
    // lock before writing the session (held, lock taken).
    const check = gate.hold(['users']);
    const late = logIn(target.email);
    await check.held;
    const write = gate.hold(['users']);
    check.release();
    await write.held;
    const locking = lock(true);
    while (!(await waitingOnALock())) await new Promise((done) => setTimeout(done, 10));
    write.release();
    const answer = await late;
    expect((await locking).status).toBe(200);
    expect((await lock(false)).status).toBe(200);
    expect((await me(okBody(answer).jwt)).status).toBe(401);
  });
});

describe.runIf(process.env.DATABASE_URL)('a password change under way', () => {
  it('is refused when the password was reset after the change was let in', async () => {
    // The change checked the current password against the user as its session check read it,
    // before the reset, and wrote its own over the reset's: whoever knew the old password (the
    // reason to reset it) had the account back. Held here in its count of the try (login_attempts).
    const { email } = await h.createUser();
    const other = await h.login(email);
    expect((await call(h, null, E.requestPasswordReset, { query: { userId: email } })).status).toBe(200);
    const code = codeIn(await h.mail.take(email, 'Your password reset code'));
    const { held, release } = gate.hold(['login_attempts']);
    const late = changePassword(other.jwt, { currentPassword: fixturePassword, newPassword: 'Other-Pass-6' });
    await held;
    const reset = await call(h, null, E.resetPassword, { body: { userId: email, activationCode: code, password: 'Reset-Pass-5' } });
    expect(reset.status).toBe(200);
    release();
    expect((await late).status).toBe(400);
    expect((await logIn(email, 'Reset-Pass-5')).status).toBe(200);
  });
});

describe.runIf(process.env.DATABASE_URL)('a token export under way', () => {
  it('is refused when its owner was locked while the password was being checked', async () => {
    // The export read its owner unlocked and wrote its year-long session after the lock had ended
    // every session and token: that one was left, and worked again once the owner was unlocked.
    const owner = await h.createUser();
    const organisationId = await h.createGroup({ name: 'Race Org', type: 'organisation' });
    const accountId = await h.createGroup({ name: 'Race UK', type: 'account', parentId: organisationId });
    await h.addToGroup(organisationId, owner.id, 'owner');
    const tokenId = await insertToken(h, accountId);
    const lock = await lockerOf(owner.id);
    const { held, release } = gate.hold(['users']);
    const late = exportAs(owner.email, accountId, tokenId);
    await held;
    expect((await lock(true)).status).toBe(200);
    release();
    const answer = await late;
    expect((await lock(false)).status).toBe(200);
    const live = await query<{ n: number }>(h.db, 'select count(*)::int as n from sessions where user_id = $1 and revoked_at is null', [owner.id]);
    expect([answer.status, live.rows[0].n]).toEqual([401, 0]);
  });
});

describe.runIf(process.env.DATABASE_URL)('a token export under way while its owner loses the right to export', () => {
  // The export read its owner's level, then the demotion (or removal) ran whole and ended the
  // owner's exported copies, then the export wrote its year-long copy: left out, it spent the
  // account's clicks on. The export now share-locks the account and the groups above it before it
  // reads the level, so the change waits for it and ends that copy too.
  const changes = {
    'demoted to member': (organisation: number, userId: number, headers: Record<string, string>) =>
      call(h, null, G.setGroupUserAccess, { query: { groupId: organisation, userId, accessLevel: 'member' }, headers }),
    'removed from the organisation': (organisation: number, userId: number, headers: Record<string, string>) =>
      call(h, null, G.removeGroupUser, { query: { groupId: organisation, userId }, headers }),
  };
  for (const [name, change] of Object.entries(changes)) {
    it(`ends the copy it makes: ${name}`, async () => {
      const exporter = await h.createUser();
      const other = await h.createUser();
      const otherJwt = (await h.login(other.email)).jwt;
      const organisationId = await h.createGroup({ name: 'Race Org', type: 'organisation' });
      const accountId = await h.createGroup({ name: 'Race UK', type: 'account', parentId: organisationId });
      await h.addToGroup(organisationId, exporter.id, 'owner');
      await h.addToGroup(organisationId, other.id, 'owner');
      const planId = await insertPlan(h, { datasetId: await insertDataset(h, { service: 'addresslookup' }) });
      await insertBundle(h, { accountId, planId, clicks: 100, start: nowOf(h) - 86_400, end: nowOf(h) + 86_400 });
      const tokenId = await insertToken(h, accountId);

      // Held once it has read the level and found the token (its read of tokens), before it writes the copy.
      const { held, release } = gate.hold(['tokens']);
      const late = exportAs(exporter.email, accountId, tokenId);
      await held;
      let settled = false;
      const taking = change(organisationId, exporter.id, h.bearer(otherJwt)).finally(() => { settled = true; });
      while (!settled && !(await waitingOnALock())) await new Promise((done) => setTimeout(done, 10));
      release();
      const answer = await late;
      expect((await taking).status).toBe(200);
      const spent = answer.ok ? (await meterCall(h, answer.body.token)).statusCode : answer.status;
      expect([answer.status, spent]).toEqual([200, 401]);
    });
  }
});

/** Whether a statement of this database waits for a row lock (the lock call, on the login's). */
const waitingOnALock = async () =>
  (await query<{ n: number }>(h.db, "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows[0].n > 0;
