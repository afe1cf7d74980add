import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '../../../contract/groups/endpoints';
import { call } from '../support/api';
import { signedIn } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';

// Every multi-write runs in one transaction: when a later write fails, the earlier ones are gone too.
// The failure is made real with a constraint the membership insert breaks, on both back ends.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const groupsNamed = async (name: string) => (await query(h.db, 'select id from groups where name = $1', [name])).rows;

describe('one transaction per multi-write', () => {
  it('leaves no group behind when its first membership cannot be written (POST /groups for a user)', async () => {
    const superUser = await signedIn(h, ['super']);
    const target = await h.createUser();
    await query(h.db, `alter table group_users add constraint refuse_target check (user_id <> ${Number(target.id)})`);
    try {
      const created = await call(h, superUser, createGroup, { query: { userId: target.id }, body: { type: 'organisation', name: 'Half Made Ltd' } });
      expect(created.status).toBe(500);
      expect(await groupsNamed('Half Made Ltd')).toEqual([]);
    } finally {
      await query(h.db, 'alter table group_users drop constraint refuse_target');
    }
    const again = await call(h, superUser, createGroup, { query: { userId: target.id }, body: { type: 'organisation', name: 'Half Made Ltd' } });
    expect(again.status).toBe(201);
    expect(await groupsNamed('Half Made Ltd')).toHaveLength(1);
  });

  it('leaves no account behind when its owner cannot be written (POST /groups under a parent)', async () => {
    const owner = await signedIn(h);
    const org = await h.createGroup({ name: 'Parent Org', type: 'organisation' });
    await h.addToGroup(org, owner.id, 'owner');
    // The owner already holds a level on the parent; the constraint refuses any new one for them.
    await query(h.db, `alter table group_users add constraint refuse_owner check (user_id <> ${Number(owner.id)} or group_id = ${Number(org)})`);
    try {
      const created = await call(h, owner, createGroup, { query: { parentId: org }, body: { type: 'account', name: 'Half Made Account' } });
      expect(created.status).toBe(500);
      expect(await groupsNamed('Half Made Account')).toEqual([]);
    } finally {
      await query(h.db, 'alter table group_users drop constraint refuse_owner');
    }
  });
});
