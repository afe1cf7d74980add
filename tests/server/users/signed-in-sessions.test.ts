// The sessions page's calls: the caller's signed-in browser sessions (device, IP address, started,
// last used, the current one marked), signing one out, and signing out every other one.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as SE from '../../../contract/security/endpoints';
import * as E from '../../../contract/users/endpoints';
import { deviceOf } from '../../../server/modules/users/signedInSessions';
import { call, msgOf, okBody } from '../support/api';
import type { Caller } from '../support/calls';
import { createHarness, fixturePassword, query, type Harness } from '../support/harness';
import { exportToken } from '../support/tokens';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const chromeOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const securityMail = 'A change to how you sign in';
const nowSeconds = () => Math.floor(h.clock() / 1000);

type Login = Caller & { jwt: string; sessionId: string };

const sessionIdsOf = async (userId: number) => (await query<{ id: string }>(h.db, 'select id from sessions where user_id = $1', [userId])).rows.map((r) => r.id);

/** Signs `user` in from a browser (its user agent, none when undefined) at an address; the session id is the row the login added. */
async function signIn(user: { id: number; email: string }, userAgent: string | undefined, remoteAddress: string): Promise<Login> {
  const before = await sessionIdsOf(user.id);
  // The test client names itself in a User-Agent of its own unless told otherwise.
  const response = await h.authenticate(user.email, fixturePassword, {}, { headers: { 'user-agent': userAgent ?? '' }, remoteAddress });
  expect(response.statusCode).toBe(200);
  const { jwt } = response.json<{ jwt: string }>();
  const [sessionId] = (await sessionIdsOf(user.id)).filter((id) => !before.includes(id));
  return { id: user.id, email: user.email, headers: h.bearer(jwt), jwt, sessionId };
}

const handleOf = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);
const list = async (caller: Caller) => okBody(await call(h, caller, SE.listSessions));
/** Any bearer call: 401 once the session is ended. */
const works = async (caller: Caller) => (await call(h, caller, E.getUser, { query: { id: caller.id } })).status;
const events = async (userId: number) =>
  (await query<{ kind: string; detail: string | null; ip: string | null }>(h.db, 'select kind, detail, ip from security_events where user_id = $1 order by id', [userId])).rows;
const mailsTo = (email: string) => h.mail.messages.filter((m) => m.to.includes(email) && m.subject === securityMail);

describe('GET /sessions', () => {
  it('lists the browser sessions with their devices, addresses and times, newest use first, the current one marked', async () => {
    const user = await h.createUser();
    const windows = await signIn(user, chromeOnWindows, '203.0.113.7');
    const startedAt = nowSeconds();
    h.clock.advance(60_000);
    const iphone = await signIn(user, safariOnIphone, '198.51.100.20');
    h.clock.advance(60_000);
    const seen = await list(windows);
    expect(seen).toEqual([
      { id: handleOf(iphone.sessionId), device: 'Safari on iPhone', ip: '198.51.100.20', createdAt: startedAt + 60, lastUsedAt: startedAt + 60, current: false },
      { id: handleOf(windows.sessionId), device: 'Chrome on Windows', ip: '203.0.113.7', createdAt: startedAt, lastUsedAt: startedAt, current: true },
    ]);
    // The handle names the session without giving away the id a token carries.
    expect(seen.map((s) => s.id)).not.toContain(windows.sessionId);
    expect(seen[0].id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The iPhone sees the same sessions, itself as the current one.
    expect((await list(iphone)).map((s) => s.current)).toEqual([true, false]);

    // A renewal is a use: the Windows session moves to the top.
    h.clock.advance(60_000);
    const renewed = okBody(await call(h, windows, E.reauth, { query: {} }));
    const after = await list({ ...windows, headers: h.bearer(renewed.jwt) });
    expect(after.map((s) => [s.device, s.lastUsedAt, s.current])).toEqual([
      ['Chrome on Windows', startedAt + 180, true],
      ['Safari on iPhone', startedAt + 60, false],
    ]);
  });

  it('leaves out exported API tokens, long-lived API logins, half-signed-in, ended and expired sessions, and other users’ sessions', async () => {
    const user = await h.createUser();
    const other = await h.createUser();
    const me = await signIn(user, chromeOnWindows, '203.0.113.8');
    const account = await h.createGroup({ name: 'Sessions Ltd', type: 'account' });
    await h.addToGroup(account, user.id, 'owner');
    await exportToken(h, user, account, null);
    await h.login(user.email, fixturePassword, { expiryTime: '31536000' });
    const halfway = await signIn(user, safariOnIphone, '203.0.113.9');
    await query(h.db, "update sessions set stage = 'secondFactor' where id = $1", [halfway.sessionId]);
    const ended = await signIn(user, safariOnIphone, '203.0.113.10');
    await call(h, ended, E.logout);
    const expired = await signIn(user, safariOnIphone, '203.0.113.11');
    await query(h.db, 'update sessions set expires_at = $2 where id = $1', [expired.sessionId, nowSeconds()]);
    await signIn(other, safariOnIphone, '203.0.113.12');
    expect((await list(me)).map((s) => [s.device, s.current])).toEqual([['Chrome on Windows', true]]);
  });

  it('names the device of a user agent it cannot read, or of none, "Unknown device"', async () => {
    const user = await h.createUser();
    const unnamed = await signIn(user, undefined, '203.0.113.13');
    expect((await list(unnamed))[0].device).toBe('Unknown device');
    expect([deviceOf(null), deviceOf('curl/8.4.0'), deviceOf('')]).toEqual(['Unknown device', 'Unknown device', 'Unknown device']);
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe('Firefox on Linux');
    expect(deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15')).toBe('Safari on macOS');
  });

  it('keeps at most 300 characters of a user agent', async () => {
    const user = await h.createUser();
    const long = await signIn(user, `${chromeOnWindows} ${'x'.repeat(1000)}`, '203.0.113.14');
    const { rows } = await query<{ user_agent: string }>(h.db, 'select user_agent from sessions where id = $1', [long.sessionId]);
    expect(rows[0].user_agent).toHaveLength(300);
    expect((await list(long))[0].device).toBe('Chrome on Windows');
  });
});

describe('DELETE /sessions', () => {
  it('signs the session out at once, writes the audit row and mails the user', async () => {
    const user = await h.createUser();
    const windows = await signIn(user, chromeOnWindows, '203.0.113.21');
    const iphone = await signIn(user, safariOnIphone, '198.51.100.21');
    const ended = await call(h, windows, SE.endSession, { query: { id: handleOf(iphone.sessionId) }, remoteAddress: '203.0.113.21' });
    expect(okBody(ended)).toEqual({ msg: 'Safari on iPhone is signed out' });
    expect(await works(iphone)).toBe(401);
    expect(await works(windows)).toBe(200);
    expect((await list(windows)).map((s) => s.device)).toEqual(['Chrome on Windows']);
    expect(await events(user.id)).toEqual([{ kind: 'session.ended', detail: 'Safari on iPhone', ip: '203.0.113.21' }]);
    const mail = await h.mail.take(user.email, securityMail);
    expect(mail.text).toContain('A signed-in session was signed out: Safari on iPhone.');
    expect(mail.text).toContain('203.0.113.21');
    // Ended is ended: a second try finds nothing, and writes nothing.
    const again = await call(h, windows, SE.endSession, { query: { id: handleOf(iphone.sessionId) } });
    expect(again.status).toBe(404);
    expect(await events(user.id)).toHaveLength(1);
  });

  it('answers 404 for another user’s session or an unknown handle, and ends nothing', async () => {
    const user = await h.createUser();
    const stranger = await h.createUser();
    const mine = await signIn(user, chromeOnWindows, '203.0.113.22');
    const theirs = await signIn(stranger, safariOnIphone, '203.0.113.23');
    for (const id of [handleOf(theirs.sessionId), theirs.sessionId, 'no-such-session']) {
      const refused = await call(h, mine, SE.endSession, { query: { id } });
      expect(refused.status).toBe(404);
      expect(msgOf(refused)).toBe('Session not found');
    }
    expect(await works(theirs)).toBe(200);
    expect(await events(stranger.id)).toEqual([]);
    expect(await events(user.id)).toEqual([]);
  });

  it('ends the caller’s own session too: that is signing out', async () => {
    const user = await h.createUser();
    const me = await signIn(user, chromeOnWindows, '203.0.113.24');
    const other = await signIn(user, safariOnIphone, '203.0.113.25');
    expect(okBody(await call(h, me, SE.endSession, { query: { id: handleOf(me.sessionId) } }))).toEqual({ msg: 'You are signed out' });
    expect(await works(me)).toBe(401);
    expect(await works(other)).toBe(200);
    expect(await events(user.id)).toEqual([{ kind: 'session.ended', detail: 'Chrome on Windows', ip: '127.0.0.1' }]);
  });
});

describe('DELETE /sessions/others', () => {
  it('signs out every other browser session, keeps the caller’s and exported tokens, audits and mails once', async () => {
    const user = await h.createUser();
    const me = await signIn(user, chromeOnWindows, '203.0.113.31');
    const iphone = await signIn(user, safariOnIphone, '198.51.100.31');
    const unnamed = await signIn(user, undefined, '198.51.100.32');
    const account = await h.createGroup({ name: 'Others Ltd', type: 'account' });
    await h.addToGroup(account, user.id, 'owner');
    const exported = await exportToken(h, user, account, null);
    const apiLogin = await h.login(user.email, fixturePassword, { expiryTime: '31536000' });

    const answer = await call(h, me, SE.endOtherSessions, { remoteAddress: '203.0.113.31' });
    expect(okBody(answer)).toEqual({ msg: '2 sessions signed out', ended: 2 });
    expect(await works(iphone)).toBe(401);
    expect(await works(unnamed)).toBe(401);
    expect(await works(me)).toBe(200);
    expect((await call(h, null, E.reauth, { query: {}, headers: h.bearer(apiLogin.jwt) })).status).toBe(200);
    const { rows } = await query<{ revoked_at: number | null }>(h.db, 'select revoked_at from sessions where id = $1', [exported.sessionId]);
    expect(rows[0].revoked_at).toBeNull();
    expect((await list(me)).map((s) => s.current)).toEqual([true]);
    expect(await events(user.id)).toEqual([{ kind: 'sessions.endedOthers', detail: '2 sessions', ip: '203.0.113.31' }]);
    expect((await h.mail.take(user.email, securityMail)).text).toContain('Every other signed-in session was signed out: 2 sessions.');

    // Nothing left to end: said so, and no audit row or mail.
    expect(okBody(await call(h, me, SE.endOtherSessions))).toEqual({ msg: 'There were no other sessions to sign out', ended: 0 });
    expect(await events(user.id)).toHaveLength(1);
    expect(mailsTo(user.email)).toEqual([]);
  });

  it('does not count an expired session as signed out', async () => {
    const user = await h.createUser();
    const me = await signIn(user, chromeOnWindows, '203.0.113.33');
    const stale = await signIn(user, safariOnIphone, '203.0.113.34');
    await query(h.db, 'update sessions set expires_at = $2 where id = $1', [stale.sessionId, nowSeconds()]);
    expect(okBody(await call(h, me, SE.endOtherSessions)).ended).toBe(0);
    expect(await events(user.id)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await call(h, null, SE.endOtherSessions)).status).toBe(401);
    expect((await call(h, null, SE.listSessions)).status).toBe(401);
    expect((await call(h, null, SE.endSession, { query: { id: 'x' } })).status).toBe(401);
  });
});
