// API tokens (spec section 7, Tokens) and their export: what each call writes, the audit rows it
// leaves in the same transaction, the bad input it refuses with nothing written, and the exported
// token's session (spec section 9: one year).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSeconds } from '../../../contract/shared/tokens';
import { accessRefusals } from '../../../contract/shared/access';
import { invalidCredentials } from '../../../server/errors';
import { browserNeedsReferrer, pastExpiry, wrongPassword } from '../../../server/modules/tokens/service';
import { signedIn, type Caller } from '../support/calls';
import { createHarness, fixturePassword, query, type Harness } from '../support/harness';
import { uniqueText } from '../support/rows';
import { meterCall, meterRoutes } from '../support/meter';
import { day, insertBundle, insertDataset, insertPlan, nowOf } from '../support/catalogue';
import { claimsOf, dumpTokenState, tokenBody } from './fixtures';
import type { TokenInput } from '../../../contract/tokens/schemas';
import * as E from '../../../contract/users/endpoints';
import { insertToken } from '../support/tokens';
import * as T from '../../../contract/tokens/endpoints';
import { call, msgOf, okBody } from '../support/api';

let h: Harness;
let owner: Caller;
let accountId: number;
let otherAccountId: number;

beforeAll(async () => {
  h = await createHarness(meterRoutes);
  owner = await signedIn(h);
  const organisationId = await h.createGroup({ name: 'Token Org', type: 'organisation' });
  accountId = await h.createGroup({ name: 'Token UK', type: 'account', parentId: organisationId });
  otherAccountId = await h.createGroup({ name: 'Elsewhere', type: 'account', parentId: await h.createGroup({ name: 'Other Org', type: 'organisation' }) });
  await h.addToGroup(organisationId, owner.id, 'owner');
}, 60_000);
afterAll(() => h?.close());

const create = (caller: Caller, token: TokenInput, password = fixturePassword, parentId = accountId) =>
  call(h, caller, T.createToken, { query: { parentId }, body: { token, password } });

const auditOf = async (tokenId: number) =>
  (await query<{ action: string; detail: string; user_id: number; token_tag: string }>(h.db,
    'select action, detail, user_id, token_tag from token_audit where token_id = $1 order by id', [tokenId])).rows;

const exportAs = (email: string, password: string, q: { accountId: number; tokenId: number }) =>
  call(h, null, T.exportToken, { query: q, headers: { authorization: h.basic(email, password) } });

describe('creating a token (POST /tokens/password)', () => {
  it('answers 201 with the token, its ranges reduced to network addresses, and writes a create audit row', async () => {
    const tag = uniqueText('Shop');
    const expiry = nowOf(h) + 30 * day;
    const made = await create(owner, {
      tag: `  ${tag} `, type: 'browser', ipRange: ['10.1.2.3/8', '2001:db8::1/32', '198.51.100.7'],
      referrer: '*.Example.COM', expiry, services: ['email', 'addresslookup', 'email'], dailyCap: 500,
    });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: expect.any(Number), parentId: accountId, type: 'browser', tag, locked: false,
      ipRange: ['10.0.0.0/8', '2001:db8::/32', '198.51.100.7/32'], referrer: '*.example.com', expiry,
      services: ['email', 'addresslookup'], dailyCap: 500,
      createTimestamp: nowOf(h), updateTimestamp: nowOf(h), creationUserId: owner.id, updateUserId: owner.id,
    });
    const audit = await auditOf(okBody(made, 201).id);
    expect(audit).toEqual([{ action: 'create', detail: expect.stringContaining('browser token'), user_id: owner.id, token_tag: tag }]);
    expect(audit[0].detail).toContain('10.0.0.0/8');
  });

  it('leaves out restrictions as none: anywhere, any referrer, no expiry (0), no cap', async () => {
    const made = await create(owner, { tag: uniqueText('Token'), type: 'server', services: ['bankcode'] });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ ipRange: [], referrer: null, expiry: 0, dailyCap: null, locked: false });
  });

  it('refuses a wrong password with 400 and writes nothing', async () => {
    const before = await dumpTokenState(h);
    const refused = await create(owner, tokenBody(), 'Not-The-Password-1');
    expect(refused.body).toEqual({ statusCode: 400, msg: wrongPassword });
    expect(await dumpTokenState(h)).toEqual(before);
  });

  it('counts wrong passwords against the login limits (429 after five)', async () => {
    const guesser = await signedIn(h);
    await h.addToGroup(accountId, guesser.id, 'owner');
    for (let i = 0; i < 5; i++) expect((await create(guesser, tokenBody(), 'Wrong-Guess-1')).status).toBe(400);
    const throttled = await create(guesser, tokenBody(), fixturePassword);
    expect(throttled.status).toBe(429);
  });

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['a prefix longer than the address', { ipRange: ['10.0.0.0/33'] }, /^ipRange: "10\.0\.0\.0\/33" is not an IPv4 or IPv6 network/],
    ['a three-part IPv4 address', { ipRange: ['10.1.2/8'] }, /^ipRange: /],
    ['an octet over 255', { ipRange: ['203.0.113.0/24', '300.1.1.1/8'] }, /^ipRange: /],
    ['a host name for a network', { ipRange: ['example.com/24'] }, /^ipRange: /],
    ['a broken IPv6 address', { ipRange: ['2001:db8::g/64'] }, /^ipRange: /],
    ['an IPv6 address with a zone', { ipRange: ['fe80::1%eth0/64'] }, /^ipRange: /],
    ['an octal IPv4 address', { ipRange: ['010.0.0.1/8'] }, /^ipRange: /],
    ['a prefix that is not a number', { ipRange: ['10.0.0.0/8x'] }, /^ipRange: /],
    ['more than 20 ranges', { ipRange: Array.from({ length: 21 }, (_, i) => `10.0.${i}.0/24`) }, /^ipRange: A token has at most 20 IP ranges$/],
    ['a referrer with a scheme', { referrer: 'https://shop.example.com' }, /^referrer: A referrer is a host name/],
    ['a referrer with a path', { referrer: 'shop.example.com/checkout' }, /^referrer: /],
    ['a referrer with a port', { referrer: 'shop.example.com:8443' }, /^referrer: /],
    ['a wildcard inside a referrer', { referrer: 'shop.*.example.com' }, /^referrer: /],
    ['no service', { services: [] }, /^services: Choose at least one service$/],
    ['an unknown service', { services: ['teleport'] }, /^services: Must be one of .* \(item 1\)$/],
    ['an empty tag', { tag: '   ' }, /^tag: /],
    ['a tag over 60 characters', { tag: 'x'.repeat(61) }, /^tag: A tag is at most 60 characters$/],
    ['an unknown type', { type: 'mobile' }, /^type: Must be one of server, browser$/],
    ['a negative expiry', { expiry: -1 }, /^expiry: /],
    ['a cap of zero', { dailyCap: 0 }, /^dailyCap: A daily cap is at least 1 click$/],
    ['a huge cap', { dailyCap: 1e12 }, /^dailyCap: A daily cap is at most 1,000,000,000 clicks$/],
    ['an empty IP range', { ipRange: ['203.0.113.0/24', ' '] }, /^ipRange: An IP range cannot be empty \(item 2\)$/],
  ];
  it.each(bad)('refuses %s with 400 naming the field by its name (no schema path), and writes nothing', async (_, overrides, message) => {
    const before = await dumpTokenState(h);
    const refused = await create(owner, tokenBody(overrides));
    expect(refused.status).toBe(400);
    expect(msgOf(refused)).toMatch(message);
    expect(await dumpTokenState(h)).toEqual(before);
  });

  it('refuses an expiry in the past, and a browser token with no referrer, with 400 and nothing written', async () => {
    const before = await dumpTokenState(h);
    expect((await create(owner, tokenBody({ expiry: nowOf(h) - 1 }))).body).toEqual({ statusCode: 400, msg: pastExpiry });
    expect((await create(owner, tokenBody({ type: 'browser' }))).body).toEqual({ statusCode: 400, msg: browserNeedsReferrer });
    expect(await dumpTokenState(h)).toEqual(before);
  });

  it('refuses a tag the account already uses, whatever its case, with 409; another account may use it', async () => {
    const tag = uniqueText('Twin');
    expect((await create(owner, tokenBody({ tag }))).status).toBe(201);
    const before = await dumpTokenState(h);
    const twin = await create(owner, tokenBody({ tag: tag.toUpperCase() }));
    expect(twin.body).toEqual({ statusCode: 409, msg: `tag: A token tagged "${tag.toUpperCase()}" already exists on this account` });
    expect(await dumpTokenState(h)).toEqual(before);
    const staff = await signedIn(h, ['sales']);
    expect((await create(staff, tokenBody({ tag }), fixturePassword, otherAccountId)).status).toBe(201);
  });

  it('gives one of two simultaneous creations of a tag 201 and the other 409', async () => {
    const tag = uniqueText('Race');
    const answers = await Promise.all([create(owner, tokenBody({ tag })), create(owner, tokenBody({ tag }))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const { rows } = await query(h.db, 'select id from tokens where tag = $1', [tag]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a group that is not an account with 400', async () => {
    const organisationId = await h.createGroup({ name: 'Owned Org', type: 'organisation' });
    await h.addToGroup(organisationId, owner.id, 'owner');
    const refused = await create(owner, tokenBody(), fixturePassword, organisationId);
    expect(refused.body).toEqual({ statusCode: 400, msg: 'Tokens belong to accounts: choose an account' });
  });
});

describe('reading tokens (GET /tokens, GET /tokens/audit)', () => {
  it('lists the undeleted tokens of the account by tag, with no secret in them', async () => {
    const accountOnly = await h.createGroup({ name: 'List UK', type: 'account', parentId: null });
    await h.addToGroup(accountOnly, owner.id, 'owner');
    await insertToken(h, accountOnly, { tag: 'b server' });
    await insertToken(h, accountOnly, { tag: 'A browser', type: 'browser' });
    await insertToken(h, accountOnly, { tag: 'gone', deleted: true });
    await insertToken(h, otherAccountId, { tag: 'not mine' });
    const listed = await call(h, owner, T.listTokens, { query: { parentId: accountOnly } });
    expect(listed.status).toBe(200);
    expect(okBody(listed).map((t) => t.tag)).toEqual(['A browser', 'b server']);
    expect(Object.keys(okBody(listed)[0]).sort()).toEqual(
      ['createTimestamp', 'creationUserId', 'dailyCap', 'expiry', 'id', 'ipRange', 'locked', 'parentId', 'referrer', 'services', 'tag', 'type', 'updateTimestamp', 'updateUserId'],
    );
  });

  it('gives the audit log newest first, with who did it', async () => {
    const made = await create(owner, tokenBody());
    h.clock.advance(60_000);
    await call(h, owner, T.lockToken, { query: { id: okBody(made, 201).id }, body: { lock: true } });
    const log = await call(h, owner, T.tokenAudit, { query: { parentId: accountId } });
    expect(log.status).toBe(200);
    expect(okBody(log)[0]).toMatchObject({ tokenId: okBody(made, 201).id, tokenTag: okBody(made, 201).tag, action: 'lock', userId: owner.id, userEmail: owner.email, at: nowOf(h) });
    expect(okBody(log)[1]).toMatchObject({ tokenId: okBody(made, 201).id, action: 'create' });
    const times = okBody(log).map((e) => e.at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('changing tokens (PUT /tokens, PUT /tokens/lock, DELETE /tokens)', () => {
  it('changes the fields given, keeps the rest, and audits the change and the cap apart', async () => {
    const made = await create(owner, tokenBody({ dailyCap: 100 }));
    h.clock.advance(1000);
    const changed = await call(h, owner, T.updateToken, { query: { id: okBody(made, 201).id }, body: { ipRange: ['192.0.2.9/24'], dailyCap: 250, tag: `${okBody(made, 201).tag} v2` } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ ...okBody(made, 201), ipRange: ['192.0.2.0/24'], dailyCap: 250, tag: `${okBody(made, 201).tag} v2`, updateTimestamp: nowOf(h) });
    const audit = await auditOf(okBody(made, 201).id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'cap']);
    expect(audit[1].detail).toBe(`tag: ${okBody(made, 201).tag} → ${okBody(made, 201).tag} v2; IP ranges: 203.0.113.0/24 → 192.0.2.0/24`);
    expect(audit[2].detail).toBe('daily cap: 100 → 250');
  });

  it('writes nothing when nothing changes', async () => {
    const made = await create(owner, tokenBody());
    const before = await dumpTokenState(h);
    const same = await call(h, owner, T.updateToken, { query: { id: okBody(made, 201).id }, body: { services: okBody(made, 201).services } });
    expect(same.body).toEqual(made.body);
    expect(await dumpTokenState(h)).toEqual(before);
  });

  it('refuses a past expiry, a taken tag and a browser token losing its referrer, writing nothing', async () => {
    const first = await create(owner, tokenBody());
    const second = await create(owner, tokenBody({ type: 'browser', referrer: 'app.example.com' }));
    const before = await dumpTokenState(h);
    expect((await call(h, owner, T.updateToken, { query: { id: okBody(first, 201).id }, body: { expiry: nowOf(h) - day } })).body).toEqual({ statusCode: 400, msg: pastExpiry });
    expect((await call(h, owner, T.updateToken, { query: { id: okBody(first, 201).id }, body: { tag: okBody(second, 201).tag } })).status).toBe(409);
    expect((await call(h, owner, T.updateToken, { query: { id: okBody(second, 201).id }, body: { referrer: null } })).body).toEqual({ statusCode: 400, msg: browserNeedsReferrer });
    expect((await call(h, owner, T.updateToken, { query: { id: okBody(first, 201).id }, body: { ipRange: ['10.0.0.0/40'] } })).status).toBe(400);
    expect(await dumpTokenState(h)).toEqual(before);
  });

  it('answers 404 "Token not found" alike for an unknown id, a deleted token and a token of another account', async () => {
    const others = await insertToken(h, otherAccountId);
    const deleted = await insertToken(h, accountId, { deleted: true });
    const before = await dumpTokenState(h);
    for (const id of [others, deleted, 2_000_000_000, 99_999_999_999]) {
      const calls: [string, () => Promise<{ body: unknown }>][] = [
        ['PUT /tokens', () => call(h, owner, T.updateToken, { query: { id }, body: { dailyCap: 5 } })],
        ['PUT /tokens/lock', () => call(h, owner, T.lockToken, { query: { id }, body: { lock: true } })],
        ['DELETE /tokens', () => call(h, owner, T.deleteToken, { query: { id } })],
      ];
      for (const [label, send] of calls) {
        expect((await send()).body, `${label} ${id}`).toEqual({ statusCode: 404, msg: 'Token not found' });
      }
    }
    expect(await dumpTokenState(h)).toEqual(before);
  });

  it('locks and unlocks, auditing each change once', async () => {
    const made = await create(owner, tokenBody());
    const locked = await call(h, owner, T.lockToken, { query: { id: okBody(made, 201).id }, body: { lock: true } });
    expect(okBody(locked).locked).toBe(true);
    expect(okBody(await call(h, owner, T.lockToken, { query: { id: okBody(made, 201).id }, body: { lock: true } })).locked).toBe(true);
    const unlocked = await call(h, owner, T.lockToken, { query: { id: okBody(made, 201).id }, body: { lock: false } });
    expect(okBody(unlocked).locked).toBe(false);
    expect((await auditOf(okBody(made, 201).id)).map((a) => a.action)).toEqual(['create', 'lock', 'unlock']);
  });

  it('deletes: the token leaves the list, its exported tokens stop working at once, and its tag is free again', async () => {
    const planId = await insertPlan(h, { datasetId: await insertDataset(h, { service: 'addresslookup' }) });
    await insertBundle(h, { accountId, planId, clicks: 10, start: nowOf(h) - day, end: nowOf(h) + 30 * day });
    const made = await create(owner, tokenBody());
    const exported = await exportAs(owner.email, fixturePassword, { accountId, tokenId: okBody(made, 201).id });
    expect(exported.status).toBe(200);
    const asIntegration = { authorization: `Bearer ${okBody(exported).token}` };
    // From inside its range the token calls a data-quality service (the test-only metered route)...
    const metered = () => meterCall(h, okBody(exported).token, { remoteAddress: '203.0.113.7' });
    expect((await metered()).statusCode).toBe(200);
    // ...but is never a portal session: a leaked integration token manages nothing.
    expect((await call(h, null, E.getUser, { query: { id: owner.id }, headers: asIntegration })).status).toBe(401);

    const deleted = await call(h, owner, T.deleteToken, { query: { id: okBody(made, 201).id } });
    expect(deleted.body).toEqual({ msg: 'Token deleted' });
    expect((await metered()).statusCode).toBe(401);
    expect((await query(h.db, 'select id from sessions where token_id = $1', [okBody(made, 201).id])).rows).toEqual([]);
    const { rows } = await query<{ deleted_at: string | number | null }>(h.db, 'select deleted_at from tokens where id = $1', [okBody(made, 201).id]);
    expect(Number(rows[0].deleted_at)).toBe(nowOf(h));
    const listed = await call(h, owner, T.listTokens, { query: { parentId: accountId } });
    expect(okBody(listed).map((t) => t.id)).not.toContain(okBody(made, 201).id);
    expect((await auditOf(okBody(made, 201).id)).map((a) => a.action)).toEqual(['create', 'export', 'delete']);
    expect((await create(owner, tokenBody({ tag: okBody(made, 201).tag }))).status).toBe(201);
  });
});

describe('bulk changes (PUT /tokens/bulk)', () => {
  it('applies one change to several tokens in one go, auditing each token', async () => {
    const a = await create(owner, tokenBody());
    const b = await create(owner, tokenBody({ dailyCap: 10 }));
    const expiry = nowOf(h) + 90 * day;
    const done = await call(h, owner, T.bulkUpdateTokens, { query: { groupId: accountId }, body: { ids: [okBody(a, 201).id, okBody(b, 201).id], lock: true, dailyCap: 1000, expiry, services: ['email'] } });
    expect(done.status).toBe(200);
    expect(done.body).toHaveLength(2);
    for (const t of okBody(done)) expect(t).toMatchObject({ locked: true, dailyCap: 1000, expiry, services: ['email'] });
    expect((await auditOf(okBody(b, 201).id)).map((x) => x.action)).toEqual(['create', 'lock', 'update', 'cap']);
    expect((await auditOf(okBody(b, 201).id))[3].detail).toBe('bulk change: daily cap: 10 → 1,000');
  });

  it('writes nothing (404) when one id is another account\'s, deleted or unknown', async () => {
    const mine = await create(owner, tokenBody());
    const others = await insertToken(h, otherAccountId);
    const deleted = await insertToken(h, accountId, { deleted: true });
    const before = await dumpTokenState(h);
    for (const stray of [others, deleted, 2_000_000_000]) {
      const refused = await call(h, owner, T.bulkUpdateTokens, { query: { groupId: accountId }, body: { ids: [okBody(mine, 201).id, stray], lock: true } });
      expect(refused.body).toEqual({ statusCode: 404, msg: 'Token not found' });
    }
    expect(await dumpTokenState(h)).toEqual(before);
  });

  it('refuses no change, a past expiry, a bad range and taking a browser token\'s referrer, writing nothing', async () => {
    const server = await create(owner, tokenBody());
    const browser = await create(owner, tokenBody({ type: 'browser', referrer: 'web.example.com' }));
    const ids = [okBody(server, 201).id, okBody(browser, 201).id];
    const before = await dumpTokenState(h);
    const send = (body: Record<string, unknown>) => call(h, owner, T.bulkUpdateTokens, { query: { groupId: accountId }, body: { ids, ...body } });
    expect(msgOf(await send({}))).toMatch(/Choose a change to make/);
    expect((await send({ expiry: 5 })).body).toEqual({ statusCode: 400, msg: pastExpiry });
    expect(msgOf(await send({ ipRange: ['1.2.3.4/99'] }))).toMatch(/^ipRange: "1\.2\.3\.4\/99" is not/);
    expect((await send({ referrer: null })).body).toEqual({ statusCode: 400, msg: `${browserNeedsReferrer} (${okBody(browser, 201).tag} is a browser token)` });
    expect(await dumpTokenState(h)).toEqual(before);
  });
});

describe('exporting a token (GET /tokens/export, basic credentials)', () => {
  it('makes a one-year API session bound to the token, with the account in its claims, and audits it', async () => {
    const made = await create(owner, tokenBody());
    const exported = await exportAs(owner.email, fixturePassword, { accountId, tokenId: okBody(made, 201).id });
    expect(exported.status).toBe(200);
    const claims = claimsOf(okBody(exported).token);
    expect(claims).toMatchObject({ sub: String(owner.id), accountId, rt: exportSeconds, et: exportSeconds });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(31_536_000);
    const { rows } = await query<{ kind: string; token_id: number; expires_at: string | number; user_id: number }>(h.db,
      'select kind, token_id, expires_at, user_id from sessions where id = $1', [claims.sid]);
    expect(rows.map((r) => ({ ...r, expires_at: Number(r.expires_at) }))).toEqual([{ kind: 'api', token_id: okBody(made, 201).id, expires_at: nowOf(h) + 31_536_000, user_id: owner.id }]);
    expect((await auditOf(okBody(made, 201).id)).map((a) => a.action)).toEqual(['create', 'export']);
  });

  it('refuses a wrong password with 401 "Invalid user name or password" and exports nothing', async () => {
    const made = await create(owner, tokenBody());
    const before = await dumpTokenState(h);
    const refused = await exportAs(owner.email, 'Wrong-Password-9', { accountId, tokenId: okBody(made, 201).id });
    expect(refused.body).toEqual({ statusCode: 401, msg: invalidCredentials });
    expect(await dumpTokenState(h)).toEqual(before);
  });

  it('refuses a locked or expired token with 409 saying why, and a deleted or another account\'s with 404', async () => {
    const locked = await insertToken(h, accountId, { tag: uniqueText('Locked'), locked: true });
    const expired = await insertToken(h, accountId, { tag: uniqueText('Old'), expiry: Date.UTC(2029, 11, 31) / 1000 });
    const deleted = await insertToken(h, accountId, { deleted: true });
    const others = await insertToken(h, otherAccountId);
    const before = await dumpTokenState(h);
    expect(msgOf(await exportAs(owner.email, fixturePassword, { accountId, tokenId: locked }))).toMatch(/^The token Locked .* is locked: unlock it before exporting it$/);
    const old = await exportAs(owner.email, fixturePassword, { accountId, tokenId: expired });
    expect(old.status).toBe(409);
    expect(msgOf(old)).toMatch(/expired on 31\/12\/2029/);
    for (const tokenId of [deleted, others]) expect((await exportAs(owner.email, fixturePassword, { accountId, tokenId })).body).toEqual({ statusCode: 404, msg: 'Token not found' });
    expect((await exportAs(owner.email, fixturePassword, { accountId: otherAccountId, tokenId: others })).body).toEqual({ statusCode: 403, msg: accessRefusals.noAccess });
    expect(await dumpTokenState(h)).toEqual(before);
  });

  it('is for owners only: staff and members are refused with 403', async () => {
    const made = await create(owner, tokenBody());
    const staff = await h.createUser({ roles: ['super'] });
    const member = await h.createUser();
    await h.addToGroup(accountId, member.id, 'member');
    const before = await dumpTokenState(h);
    expect((await exportAs(staff.email, fixturePassword, { accountId, tokenId: okBody(made, 201).id })).status).toBe(403);
    expect((await exportAs(member.email, fixturePassword, { accountId, tokenId: okBody(made, 201).id })).body).toEqual({ statusCode: 403, msg: accessRefusals.ownersOnly });
    expect(await dumpTokenState(h)).toEqual(before);
  });

  it('goes through the login throttle: after five wrong passwords even the right one waits (429)', async () => {
    const guesser = await h.createUser();
    await h.addToGroup(accountId, guesser.id, 'owner');
    const tokenId = okBody(await create(owner, tokenBody()), 201).id;
    for (let i = 0; i < 5; i++) expect((await exportAs(guesser.email, 'Wrong-Guess-2', { accountId, tokenId })).status).toBe(401);
    expect((await exportAs(guesser.email, fixturePassword, { accountId, tokenId })).status).toBe(429);
  });
});
