// An exported API token never outlives its exporter's right to export it (spec section 7, "Export an
// API token": owners only). Demoted, removed from the account or from a group above it, the group
// moved from under the partner they own, deleted or locked: the copies they exported stop at once,
// while the token stays for the owners left to export again. And PUT /userservices names only a
// token of its own account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Caller } from '../support/calls';
import { createHarness, fixturePassword, query, type Harness } from '../support/harness';
import { meterCall, meterRoutes } from '../support/meter';
import { day, insertBundle, insertDataset, insertPlan, nowOf } from '../support/catalogue';
import { insertToken } from '../support/tokens';
import * as T from '../../../contract/tokens/endpoints';
import * as E from '../../../contract/users/endpoints';
import * as G from '../../../contract/groups/endpoints';
import { call, okBody } from '../support/api';

let h: Harness;
let admin: Caller;
let planId: number;

beforeAll(async () => {
  h = await createHarness(meterRoutes);
  admin = await signedIn(h, ['admin']);
  planId = await insertPlan(h, { datasetId: await insertDataset(h, { service: 'addresslookup' }) });
}, 60_000);
afterAll(() => h?.close());

/** A partner over an organisation over an account with clicks to spend and a token; two owners of the organisation. */
async function world() {
  const partner = await h.createGroup({ name: 'Rights Partner', type: 'partner' });
  const organisation = await h.createGroup({ name: 'Rights Org', type: 'organisation', parentId: partner });
  const account = await h.createGroup({ name: 'Rights UK', type: 'account', parentId: organisation });
  await insertBundle(h, { accountId: account, planId, clicks: 1000, start: nowOf(h) - day, end: nowOf(h) + 30 * day });
  const tokenId = await insertToken(h, account);
  const exporter = await signedIn(h);
  const other = await signedIn(h);
  await h.addToGroup(organisation, other.id, 'owner');
  return { partner, organisation, account, tokenId, exporter, other };
}

/** GET /tokens/export as the user; the bearer of the copy, failing the test on anything but 200. */
async function exportAs(user: Caller, accountId: number, tokenId: number): Promise<string> {
  const answer = await call(h, null, T.exportToken, { query: { accountId, tokenId }, headers: { authorization: h.basic(user.email, fixturePassword) } });
  return okBody(answer).token;
}

/** A metered call (the test-only address route) with an exported token: its status. */
const spend = async (bearer: string) =>
  (await meterCall(h, bearer)).statusCode;

const tokenLive = async (tokenId: number) =>
  (await query(h.db, 'select id from tokens where id = $1 and deleted_at is null', [tokenId])).rows.length === 1;

type World = Awaited<ReturnType<typeof world>>;

// Each loss of the right: how the exporter holds it first, and the call (by someone allowed) that takes it away.
const losses: Record<string, { holds: (w: World) => Promise<void>; take: (w: World) => Promise<{ status: number }> }> = {
  'demoted to member on the organisation': {
    holds: (w) => h.addToGroup(w.organisation, w.exporter.id, 'owner'),
    take: (w) => call(h, w.other, G.setGroupUserAccess, { query: { groupId: w.organisation, userId: w.exporter.id, accessLevel: 'member' } }),
  },
  'demoted from owner to member on the account itself': {
    holds: (w) => h.addToGroup(w.account, w.exporter.id, 'owner'),
    take: (w) => call(h, w.other, G.setGroupUserAccess, { query: { groupId: w.account, userId: w.exporter.id, accessLevel: 'member' } }),
  },
  'a sudo owner demoted to member': {
    holds: (w) => h.addToGroup(w.organisation, w.exporter.id, 'sudoowner'),
    take: (w) => call(h, w.other, G.setGroupUserAccess, { query: { groupId: w.organisation, userId: w.exporter.id, accessLevel: 'member' } }),
  },
  'removed from the account (DELETE /groupusers)': {
    holds: (w) => h.addToGroup(w.account, w.exporter.id, 'owner'),
    take: (w) => call(h, w.other, G.removeGroupUser, { query: { groupId: w.account, userId: w.exporter.id } }),
  },
  'removed from the organisation (DELETE /groupuseraccess)': {
    holds: (w) => h.addToGroup(w.organisation, w.exporter.id, 'owner'),
    take: (w) => call(h, w.other, G.removeGroupUserAccess, { query: { groupId: w.organisation, userId: w.exporter.id } }),
  },
  'leaving the organisation themselves': {
    holds: (w) => h.addToGroup(w.organisation, w.exporter.id, 'owner'),
    take: (w) => call(h, w.exporter, G.removeGroupUser, { query: { groupId: w.organisation, userId: w.exporter.id } }),
  },
  'an owner of the partner whose organisation leaves it (PUT /migrate/removeFromPartner)': {
    holds: (w) => h.addToGroup(w.partner, w.exporter.id, 'owner'),
    take: (w) => call(h, admin, G.removeFromPartner, { query: { groupId: w.organisation } }),
  },
  'deleted (DELETE /users)': {
    holds: (w) => h.addToGroup(w.organisation, w.exporter.id, 'owner'),
    take: (w) => call(h, admin, E.deleteUser, { query: { id: w.exporter.id } }),
  },
  'locked (PUT /userlock)': {
    holds: (w) => h.addToGroup(w.organisation, w.exporter.id, 'owner'),
    take: (w) => call(h, admin, E.lockUser, { query: { id: w.exporter.id }, body: { lock: true } }),
  },
};

describe('an exported token whose exporter loses the right to export it', () => {
  for (const [name, loss] of Object.entries(losses)) {
    it(`stops at once: ${name}; the token stays, and another owner exports it again`, async () => {
      const w = await world();
      await loss.holds(w);
      const copy = await exportAs(w.exporter, w.account, w.tokenId);
      expect(await spend(copy)).toBe(200);

      expect((await loss.take(w)).status).toBe(200);
      expect(await spend(copy)).toBe(401);
      expect(await tokenLive(w.tokenId)).toBe(true);
      const again = await exportAs(w.other, w.account, w.tokenId);
      expect(await spend(again)).toBe(200);
      // Ended, not merely refused: nothing brings it back (the lock lifted, say).
      const { rows } = await query<{ n: number }>(h.db,
        "select count(*)::int as n from sessions where user_id = $1 and kind = 'api' and revoked_at is null", [w.exporter.id]);
      expect(rows[0].n).toBe(0);
    });
  }
});

describe('an exported token whose exporter keeps the right', () => {
  it('works on when another owner is removed or demoted', async () => {
    const w = await world();
    await h.addToGroup(w.organisation, w.exporter.id, 'owner');
    const third = await signedIn(h);
    await h.addToGroup(w.organisation, third.id, 'owner');
    const copy = await exportAs(w.exporter, w.account, w.tokenId);
    const theirs = await exportAs(w.other, w.account, w.tokenId);
    expect((await call(h, w.exporter, G.setGroupUserAccess, { query: { groupId: w.organisation, userId: third.id, accessLevel: 'member' } })).status).toBe(200);
    expect((await call(h, w.exporter, G.removeGroupUser, { query: { groupId: w.organisation, userId: w.other.id } })).status).toBe(200);
    expect(await spend(copy)).toBe(200);
    // The removed owner's copy is the one that stops.
    expect(await spend(theirs)).toBe(401);
  });

  it('works on when they leave a group but still own the account through another', async () => {
    const w = await world();
    await h.addToGroup(w.organisation, w.exporter.id, 'owner');
    await h.addToGroup(w.account, w.exporter.id, 'sudoowner');
    const copy = await exportAs(w.exporter, w.account, w.tokenId);
    expect((await call(h, w.other, G.removeGroupUser, { query: { groupId: w.organisation, userId: w.exporter.id } })).status).toBe(200);
    expect(await spend(copy)).toBe(200);
    // Owner on the account demoted to sudo owner: still one who may export.
    const w2 = await world();
    await h.addToGroup(w2.account, w2.exporter.id, 'owner');
    const copy2 = await exportAs(w2.exporter, w2.account, w2.tokenId);
    expect((await call(h, w2.other, G.setGroupUserAccess, { query: { groupId: w2.account, userId: w2.exporter.id, accessLevel: 'sudoowner' } })).status).toBe(200);
    expect(await spend(copy2)).toBe(200);
  });

  it('keeps their copies of the accounts they still own when they lose another', async () => {
    const w = await world();
    const elsewhere = await world();
    await h.addToGroup(w.organisation, w.exporter.id, 'owner');
    await h.addToGroup(elsewhere.organisation, w.exporter.id, 'owner');
    const kept = await exportAs(w.exporter, w.account, w.tokenId);
    const lost = await exportAs(w.exporter, elsewhere.account, elsewhere.tokenId);
    expect((await call(h, elsewhere.other, G.removeGroupUser, { query: { groupId: elsewhere.organisation, userId: w.exporter.id } })).status).toBe(200);
    expect([await spend(kept), await spend(lost)]).toEqual([200, 401]);
  });
});

describe('PUT /userservices with a token', () => {
  it('takes a token of its own account only: another account\'s, a deleted or an unknown one is 404, writing nothing', async () => {
    const w = await world();
    const elsewhere = await world();
    const member = await signedIn(h);
    await h.addToGroup(w.account, member.id, 'member');
    const services = (await call(h, w.other, E.listServices)).body as { id: number; name: string }[];
    const email = services.find((s) => s.name === 'email')!.id;
    const key = { groupId: w.account, userId: member.id, serviceId: email };
    const put = (tokenId: number, groupId = w.account) => call(h, w.other, E.grantUserService, { query: { ...key, groupId, tokenId } });
    const deleted = await insertToken(h, w.account, { deleted: true });
    const rowsOf = async () => (await query(h.db, 'select group_id, token_id from user_services where user_id = $1 order by id', [member.id])).rows;

    for (const tokenId of [elsewhere.tokenId, deleted, 2_000_000_000]) {
      expect((await put(tokenId)).body).toEqual({ statusCode: 404, msg: 'Token not found' });
    }
    // A token names its account, not the organisation above it.
    await h.addToGroup(w.organisation, member.id, 'member');
    expect((await put(w.tokenId, w.organisation)).body).toEqual({ statusCode: 404, msg: 'Token not found' });
    expect(await rowsOf()).toEqual([]);

    const granted = await put(w.tokenId);
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual([{ serviceId: email, name: 'email', tokenId: w.tokenId }]);
  });
});
