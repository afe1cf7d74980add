// The access matrix: every group call, for every demo user, on groups outside that user's reach.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers, seedDemo } from '../../../server/seed';
import { validateFirst } from '../../../server/errors';
import { sendRaw, request, type Caller, signInDemoUsers } from '../support/calls';
import { dumpGroupState } from '../support/rows';
import { inviteJwt, noAccessBody } from './fixtures';
import { createHarness, type Harness, query } from '../support/harness';

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
const groupCalls: Record<string, (t: Target) => ReturnType<typeof request>> = {
  'GET /group': (t) => request('GET', '/group', { id: t.groupId }),
  'GET /group recurse': (t) => request('GET', '/group', { id: t.groupId, recurse: true, returnInvalid: true }),
  'GET /groups ?parentId': (t) => request('GET', '/groups', { parentId: t.groupId, recurse: true, recurseParents: true }),
  'POST /groups ?parentId': (t) => request('POST', '/groups', { parentId: t.groupId }, { type: 'account', name: 'Intruder' }),
  'PUT /groups': (t) => request('PUT', '/groups', { groupId: t.groupId }, { name: 'Taken over', town: 'Nowhere' }),
  'DELETE /groups': (t) => request('DELETE', '/groups', { id: t.groupId }),
  'POST /groupusers': (t) =>
    request('POST', '/groupusers', { groupId: t.groupId, email: 'intruder@example.com' }, { takeOwnership: true }),
  'GET /groupusers': (t) => request('GET', '/groupusers', { groupId: t.groupId }),
  'DELETE /groupusers': (t) => request('DELETE', '/groupusers', { groupId: t.groupId, userId: t.userId }),
  'GET /groupuseraccess': (t) => request('GET', '/groupuseraccess', { groupId: t.groupId, userId: t.userId }),
  'PUT /groupuseraccess': (t) => request('PUT', '/groupuseraccess', { groupId: t.groupId, userId: t.userId, accessLevel: 'member' }),
  'DELETE /groupuseraccess': (t) => request('DELETE', '/groupuseraccess', { groupId: t.groupId, userId: t.userId }),
  'PUT /group/enablecorporate': (t) => request('PUT', '/group/enablecorporate', { groupId: t.groupId }),
  'PUT /group/disablecorporate': (t) => request('PUT', '/group/disablecorporate', { groupId: t.groupId }),
  'PUT /group/updatecharity': (t) => request('PUT', '/group/updatecharity', { groupId: t.groupId }, { charityPSLNumber: '999' }),
  'PUT /group/confirmcharity': (t) =>
    request('PUT', '/group/confirmcharity', { groupId: t.groupId }, { charityPSLNumber: '999', isValid: true }),
  'PUT /group/disablecharity': (t) => request('PUT', '/group/disablecharity', { groupId: t.groupId }),
  'PUT /migrate/orgToPartner': (t) => request('PUT', '/migrate/orgToPartner', { groupId: t.groupId }, { partnerType: 'corporate' }),
  'PUT /migrate/removeFromPartner': (t) => request('PUT', '/migrate/removeFromPartner', { groupId: t.groupId }),
  'GET /userservices': (t) => request('GET', '/userservices', { groupId: t.groupId, userId: t.userId }),
  'PUT /userservices': (t) => request('PUT', '/userservices', { groupId: t.groupId, userId: t.userId, serviceId: 1 }),
  'DELETE /userservices': (t) => request('DELETE', '/userservices', { groupId: t.groupId, userId: t.userId, serviceId: 1 }),
  'GET /account/candelete': (t) => request('GET', '/api/plans/account/candelete', { accountId: t.groupId }),
};

describe('a caller without access to a group', () => {
  it('gets 403 "You do not have access to this group" and no data from every group call, and nothing changes', async () => {
    const before = await dumpGroupState(h);
    const failures: string[] = [];
    for (const [email, names] of Object.entries(outOfReach)) {
      for (const name of names) {
        const target = { groupId: group(name), userId: holder(name) };
        for (const [label, build] of Object.entries(groupCalls)) {
          const { status, body } = await sendRaw(h, user(email), build(target));
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
        const { status, body } = await sendRaw(h, user(email), request('PUT', '/userlock', { id: holder(name) }, { lock: true }));
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
      const { status, body } = await sendRaw(h, user(email), request('GET', '/group', { id: group(name) }));
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
        expect((await sendRaw(h, by, request('POST', '/groupusers', { groupId: group(name), email: invitee }))).status).toBe(200);
        const jwt = inviteJwt(await h.mail.take(invitee));
        const before = await dumpGroupState(h);
        const asked = {
          genuine: await sendRaw(h, user(email), request('GET', '/groupinvite', { jwt })),
          forged: await sendRaw(h, user(email), request('GET', '/groupinvite', { jwt: `${jwt.slice(0, -4)}AAAA` })),
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
  const roleCalls: Record<string, { allowed: string[]; build: () => ReturnType<typeof request> }> = {
    'GET /search': { allowed: ['super', 'admin', 'sales'], build: () => request('GET', '/search', { filter: 'Acme' }) },
    'GET /users': { allowed: ['super', 'admin', 'sales'], build: () => request('GET', '/users') },
    'PUT /group/confirmcharity': {
      allowed: ['super', 'admin', 'sales'],
      build: () => request('PUT', '/group/confirmcharity', { groupId: group('Helping Hands') }, { charityPSLNumber: '1180123', isValid: true }),
    },
    'PUT /migrate/orgToPartner': {
      allowed: ['super', 'admin'],
      build: () => request('PUT', '/migrate/orgToPartner', { groupId: group('Acme Trading') }, { partnerType: 'corporate' }),
    },
    'PUT /migrate/removeFromPartner': {
      allowed: ['super', 'admin'],
      build: () => request('PUT', '/migrate/removeFromPartner', { groupId: group('Northwind Retail') }),
    },
    'POST /groups ?userId (another user)': {
      allowed: ['super'],
      build: () => request('POST', '/groups', { userId: user('super@example.com').id }, { type: 'organisation', name: 'For Sam' }),
    },
  };

  it('refuses every demo user without the role with 403 and changes nothing', async () => {
    const before = await dumpGroupState(h);
    const failures: string[] = [];
    for (const demo of demoUsers) {
      for (const [label, { allowed, build }] of Object.entries(roleCalls)) {
        if (demo.roles.some((role) => allowed.includes(role))) continue;
        const { status, body } = await sendRaw(h, user(demo.email), build());
        if (status !== 403 || Object.keys(body).sort().join() !== 'msg,statusCode') {
          failures.push(`${demo.email} ${label}: ${status} ${JSON.stringify(body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await dumpGroupState(h)).toEqual(before);
  });

  it('tells an owner who may read the group what is missing instead of hiding the group', async () => {
    const { status, body } = await sendRaw(h, user('owner@example.com'), roleCalls['PUT /group/confirmcharity'].build());
    expect(status).toBe(403);
    expect(body.msg).toBe('Only staff can do this');
    const member = await sendRaw(h, user('member@example.com'), request('PUT', '/groups', { groupId: group('Acme Trading') }, { name: 'X' }));
    expect(member.status).toBe(403);
    expect(member.body.msg).toBe('Only an owner of this group can do this');
  });

  it('lets every staff role read any group and its users', async () => {
    for (const email of ['super@example.com', 'admin@example.com', 'sales@example.com']) {
      const read = await sendRaw(h, user(email), request('GET', '/group', { id: group('Helping Hands'), recurse: true }));
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ name: 'Helping Hands', isOwner: false, isMember: false });
      const members = await sendRaw(h, user(email), request('GET', '/groupusers', { groupId: group('Northwind Retail UK') }));
      expect(members.body).toEqual([expect.objectContaining({ email: 'partner@example.com', accessLevel: 'owner', inherited: true })]);
    }
  });

  it('answers 404 "Group not found" for an unknown group, before any access check', async () => {
    const { status, body } = await sendRaw(h, user('member@example.com'), request('GET', '/group', { id: 2_000_000_000 }));
    expect(status).toBe(404);
    expect(body).toEqual({ msg: 'Group not found', statusCode: 404 });
  });
});
