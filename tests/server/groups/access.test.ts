// The access matrix: every group call, for every demo user, on groups outside that user's reach.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers, seedDemo } from '../../../server/seed';
import { validateFirst } from '../../../server/errors';
import { type Caller, signInDemoUsers } from '../support/calls';
import { dumpGroupState } from '../support/rows';
import { inviteJwt, noAccessBody } from './fixtures';
import { createHarness, type Harness, query } from '../support/harness';
import * as G from '../../../contract/groups/endpoints';
import { call, msgOf, seen } from '../support/api';
import * as E from '../../../contract/users/endpoints';
import * as P from '../../../contract/plans/endpoints';
import * as S from '../../../contract/search/endpoints';

let h: Harness;
const users = new Map<string, Caller>();
const groups = new Map<string, number>();

beforeAll(async () => {
  h = await createHarness();
  await seedDemo(h.db, Math.floor(h.clock() / 1000));
  for (const [email, caller] of await signInDemoUsers(h)) users.set(email, caller);
  const { rows } = await query<{ id: number; name: string }>(h.db, 'select id, name from groups');
  for (const row of rows) groups.set(row.name, row.id);
});
afterAll(() => h?.close());

const user = (email: string) => users.get(email)!;
const group = (name: string) => {
  const id = groups.get(name);
  if (id === undefined) throw new Error(`No demo group ${name}`);
  return id;
};

// Who holds the groups of each demo tree: the user id the calls about a member name.
const holderOf: Record<string, string> = {
  Acme: 'owner@example.com',
  Helping: 'owner@example.com',
  Northwind: 'partner@example.com',
  Referral: 'referrer@example.com',
};
const holder = (groupName: string) => user(holderOf[groupName.split(' ')[0]]).id;

// For each non-staff demo user: a partner, an organisation and an account they have no access to.
const outOfReach: Record<string, string[]> = {
  'owner@example.com': ['Northwind Partners', 'Northwind Retail', 'Referral Co Client UK'],
  'member@example.com': ['Referral Co', 'Helping Hands', 'Northwind Wholesale AU'],
  'partner@example.com': ['Referral Co', 'Acme Trading', 'Acme Events'],
  'referrer@example.com': ['Northwind Partners', 'Helping Hands', 'Acme UK'],
  'unvalidated@example.com': ['Northwind Partners', 'Acme Trading', 'Helping Hands UK'],
};

// An unvalidated caller is refused before any access check, with the validation message.
const refusalOf = (email: string) => (email.startsWith('unvalidated@') ? { msg: validateFirst, statusCode: 403 } : null);
const isNoAccess = (body: unknown, email: string) =>
  JSON.stringify(Object.entries(body as object).sort()) === JSON.stringify(Object.entries(refusalOf(email) ?? noAccessBody).sort());

type Target = { groupId: number; userId: number };
const groupCalls: Record<string, (caller: Caller, t: Target) => Promise<{ status: number; body: unknown }>> = {
  'GET /group': (c, t) => call(h, c, G.getGroup, { query: { id: t.groupId } }),
  'GET /group recurse': (c, t) => call(h, c, G.getGroup, { query: { id: t.groupId, recurse: true, returnInvalid: true } }),
  'GET /groups ?parentId': (c, t) => call(h, c, G.listGroups, { query: { parentId: t.groupId, recurse: true, recurseParents: true } }),
  'POST /groups ?parentId': (c, t) => call(h, c, G.createGroup, { query: { parentId: t.groupId }, body: { type: 'account', name: 'Intruder' } }),
  'PUT /groups': (c, t) => call(h, c, G.updateGroup, { query: { groupId: t.groupId }, body: { name: 'Taken over', town: 'Nowhere' } }),
  'DELETE /groups': (c, t) => call(h, c, G.deleteGroup, { query: { id: t.groupId } }),
  'POST /groupusers': (c, t) =>
    call(h, c, G.inviteToGroup, { query: { groupId: t.groupId, email: 'intruder@example.com' }, body: { takeOwnership: true } }),
  'GET /groupusers': (c, t) => call(h, c, G.listGroupUsers, { query: { groupId: t.groupId } }),
  'DELETE /groupusers': (c, t) => call(h, c, G.removeGroupUser, { query: { groupId: t.groupId, userId: t.userId } }),
  'GET /groupuseraccess': (c, t) => call(h, c, G.getGroupUserAccess, { query: { groupId: t.groupId, userId: t.userId } }),
  'PUT /groupuseraccess': (c, t) => call(h, c, G.setGroupUserAccess, { query: { groupId: t.groupId, userId: t.userId, accessLevel: 'member' } }),
  'DELETE /groupuseraccess': (c, t) => call(h, c, G.removeGroupUserAccess, { query: { groupId: t.groupId, userId: t.userId } }),
  'PUT /group/enablecorporate': (c, t) => call(h, c, G.enableCorporate, { query: { groupId: t.groupId } }),
  'PUT /group/disablecorporate': (c, t) => call(h, c, G.disableCorporate, { query: { groupId: t.groupId } }),
  'PUT /group/updatecharity': (c, t) => call(h, c, G.updateCharity, { query: { groupId: t.groupId }, body: { charityPSLNumber: '999' } }),
  'PUT /group/confirmcharity': (c, t) =>
    call(h, c, G.confirmCharity, { query: { groupId: t.groupId }, body: { charityPSLNumber: '999', isValid: true } }),
  'PUT /group/disablecharity': (c, t) => call(h, c, G.disableCharity, { query: { groupId: t.groupId } }),
  'PUT /migrate/orgToPartner': (c, t) => call(h, c, G.orgToPartner, { query: { groupId: t.groupId }, body: { partnerType: 'corporate' } }),
  'PUT /migrate/removeFromPartner': (c, t) => call(h, c, G.removeFromPartner, { query: { groupId: t.groupId } }),
  'GET /userservices': (c, t) => call(h, c, E.userServices, { query: { groupId: t.groupId, userId: t.userId } }),
  'PUT /userservices': (c, t) => call(h, c, E.grantUserService, { query: { groupId: t.groupId, userId: t.userId, serviceId: 1 } }),
  'DELETE /userservices': (c, t) => call(h, c, E.revokeUserService, { query: { groupId: t.groupId, userId: t.userId, serviceId: 1 } }),
  'GET /account/candelete': (c, t) => call(h, c, P.canDeleteAccount, { query: { accountId: t.groupId } }),
};

describe('a caller without access to a group', () => {
  it('gets 403 "You do not have access to this group" and no data from every group call, and nothing changes', async () => {
    const before = await dumpGroupState(h);
    const failures: string[] = [];
    for (const [email, names] of Object.entries(outOfReach)) {
      for (const name of names) {
        const target = { groupId: group(name), userId: holder(name) };
        for (const [label, build] of Object.entries(groupCalls)) {
          const { status, body } = await build(user(email), target);
          if (status !== 403 || !isNoAccess(body, email)) {
            failures.push(`${email} ${label} on ${name}: ${status} ${JSON.stringify(body)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await dumpGroupState(h)).toEqual(before);
    expect(h.mail.messages).toHaveLength(0);
  });

  it('cannot lock the users of that group', async () => {
    const before = await dumpGroupState(h);
    for (const [email, names] of Object.entries(outOfReach)) {
      for (const name of names) {
        const { status, body } = await call(h, user(email), E.lockUser, { query: { id: holder(name) }, body: { lock: true } });
        expect(status, `${email} locking the holder of ${name}`).toBe(403);
        expect(body).toEqual(refusalOf(email) ?? { msg: 'You do not have access to this user', statusCode: 403 });
      }
    }
    expect(await dumpGroupState(h)).toEqual(before);
  });

  it('still reaches the groups they do hold, so the 403s above are about access and nothing else', async () => {
    const reachable: Record<string, string> = {
      'owner@example.com': 'Acme Events',
      'member@example.com': 'Acme UK',
      'partner@example.com': 'Northwind Wholesale AU',
      'referrer@example.com': 'Referral Co Client UK',
    };
    for (const [email, name] of Object.entries(reachable)) {
      const { status, body } = await call(h, user(email), G.getGroup, { query: { id: group(name) } });
      expect(status, `${email} reading ${name}`).toBe(200);
      expect(body).toMatchObject({ id: group(name), name, isMember: true });
    }
  });
});

describe('an invitation to a group out of reach (GET /groupinvite)', () => {
  it('names the group to nobody but its invitee: another user learns only the address, a forged link nothing', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [email, names] of Object.entries(outOfReach)) {
      for (const name of names) {
        const invitee = `preview-${++sent}-${process.pid}@example.com`;
        const by = user(holderOf[name.split(' ')[0]]);
        expect((await call(h, by, G.inviteToGroup, { query: { groupId: group(name), email: invitee }, body: {} })).status).toBe(200);
        const jwt = inviteJwt(await h.mail.take(invitee));
        const before = await dumpGroupState(h);
        const asked = {
          genuine: seen(await call(h, user(email), G.previewInvite, { query: { jwt } })),
          forged: seen(await call(h, user(email), G.previewInvite, { query: { jwt: `${jwt.slice(0, -4)}AAAA` } })),
        };
        const refused = refusalOf(email);
        const expected = {
          genuine: refused ? { status: 403, body: refused } : { status: 200, body: { status: 'otherUser', email: invitee } },
          forged: refused ? { status: 403, body: refused } : { status: 200, body: { status: 'invalid' } },
        };
        if (!isDeepStrictEqual(asked, expected)) failures.push(`${email} on ${name}: ${JSON.stringify(asked)}`);
        expect(await dumpGroupState(h)).toEqual(before);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('calls that need a role', () => {
  const roleCalls: Record<string, { allowed: string[]; build: (caller: Caller) => Promise<{ status: number; body: unknown }> }> = {
    'GET /search': { allowed: ['super', 'admin', 'sales'], build: (c) => call(h, c, S.search, { query: { filter: 'Acme' } }) },
    'GET /users': { allowed: ['super', 'admin', 'sales'], build: (c) => call(h, c, E.listUsers) },
    'PUT /group/confirmcharity': {
      allowed: ['super', 'admin', 'sales'],
      build: (c) => call(h, c, G.confirmCharity, { query: { groupId: group('Helping Hands') }, body: { charityPSLNumber: '1180123', isValid: true } }),
    },
    'PUT /migrate/orgToPartner': {
      allowed: ['super', 'admin'],
      build: (c) => call(h, c, G.orgToPartner, { query: { groupId: group('Acme Trading') }, body: { partnerType: 'corporate' } }),
    },
    'PUT /migrate/removeFromPartner': {
      allowed: ['super', 'admin'],
      build: (c) => call(h, c, G.removeFromPartner, { query: { groupId: group('Northwind Retail') } }),
    },
    'POST /groups ?userId (another user)': {
      allowed: ['super'],
      build: (c) => call(h, c, G.createGroup, { query: { userId: user('super@example.com').id }, body: { type: 'organisation', name: 'For Sam' } }),
    },
  };

  it('refuses every demo user without the role with 403 and changes nothing', async () => {
    const before = await dumpGroupState(h);
    const failures: string[] = [];
    for (const demo of demoUsers) {
      for (const [label, { allowed, build }] of Object.entries(roleCalls)) {
        if (demo.roles.some((role) => allowed.includes(role))) continue;
        const { status, body } = await build(user(demo.email));
        if (status !== 403 || Object.keys(Object(body)).sort().join() !== 'msg,statusCode') {
          failures.push(`${demo.email} ${label}: ${status} ${JSON.stringify(body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await dumpGroupState(h)).toEqual(before);
  });

  it('tells an owner who may read the group what is missing instead of hiding the group', async () => {
    const charity = await roleCalls['PUT /group/confirmcharity'].build(user('owner@example.com'));
    expect(charity.status).toBe(403);
    expect(charity.body).toMatchObject({ msg: 'Only staff can do this' });
    const member = await call(h, user('member@example.com'), G.updateGroup, { query: { groupId: group('Acme Trading') }, body: { name: 'X' } });
    expect(member.status).toBe(403);
    expect(msgOf(member)).toBe('Only an owner of this group can do this');
  });

  it('lets every staff role read any group and its users', async () => {
    for (const email of ['super@example.com', 'admin@example.com', 'sales@example.com']) {
      const read = await call(h, user(email), G.getGroup, { query: { id: group('Helping Hands'), recurse: true } });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ name: 'Helping Hands', isOwner: false, isMember: false });
      const members = await call(h, user(email), G.listGroupUsers, { query: { groupId: group('Northwind Retail UK') } });
      expect(members.body).toEqual([expect.objectContaining({ email: 'partner@example.com', accessLevel: 'owner', inherited: true })]);
    }
  });

  it('answers 404 "Group not found" for an unknown group, before any access check', async () => {
    const { status, body } = await call(h, user('member@example.com'), G.getGroup, { query: { id: 2_000_000_000 } });
    expect(status).toBe(404);
    expect(body).toEqual({ msg: 'Group not found', statusCode: 404 });
  });
});
