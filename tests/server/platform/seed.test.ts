import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../server/modules/users/passwords';
import type { Db } from '../../../server/db';
import { demoPassword, seedDemo } from '../../../server/seed';
import { freshDb, query } from '../support/harness';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
});
afterAll(() => drop?.());

type Row = { email: string; roles: string[]; validated: boolean; password_hash: string };
type GroupRow = { id: number; parent: string | null; name: string; type: string; subtype: string | null; territory: string };

describe('seedDemo', () => {
  it('creates the demo users with their roles, all validated but one, sharing the demo password', async () => {
    expect(await seedDemo(db)).toBe(true);
    const { rows } = await query<Row>(db, 'select email, roles, validated, password_hash from users order by email');
    const byEmail = Object.fromEntries(rows.map((row) => [row.email, row]));
    expect(Object.keys(byEmail).sort()).toEqual([
      'admin@example.com', 'member@example.com', 'owner@example.com', 'partner@example.com',
      'referrer@example.com', 'sales@example.com', 'super@example.com', 'unvalidated@example.com',
    ]);
    expect(byEmail['super@example.com'].roles).toEqual(['super']);
    expect(byEmail['admin@example.com'].roles).toEqual(['admin']);
    expect(byEmail['sales@example.com'].roles).toEqual(['sales']);
    expect(byEmail['owner@example.com'].roles).toEqual(['account']);
    expect(rows.filter((row) => !row.validated).map((row) => row.email)).toEqual(['unvalidated@example.com']);
    expect(new Set(rows.map((row) => row.password_hash)).size).toBe(1);
    expect(await verifyPassword(rows[0].password_hash, demoPassword)).toBe(true);
  });

  it('creates the organisation, partner and account tree with owners and members', async () => {
    const { rows: groups } = await query<GroupRow>(db,
      `select g.id, p.name as parent, g.name, g.type, g.subtype, g.territory
         from groups g left join groups p on p.id = g.parent_id order by g.id`,
    );
    const find = (name: string) => groups.find((g) => g.name === name);
    expect(find('Acme Trading')).toMatchObject({ type: 'organisation', parent: null, territory: 'uk' });
    expect(find('Acme UK')).toMatchObject({ type: 'account', parent: 'Acme Trading', territory: 'uk' });
    expect(find('Acme Australia')).toMatchObject({ type: 'account', parent: 'Acme Trading', territory: 'australia' });
    expect(find('Northwind Partners')).toMatchObject({ type: 'partner', subtype: 'corporate' });
    expect(find('Northwind Retail')).toMatchObject({ type: 'organisation', parent: 'Northwind Partners' });
    expect(find('Northwind Retail UK')).toMatchObject({ type: 'account', parent: 'Northwind Retail', territory: 'uk' });
    expect(find('Northwind Retail AU')).toMatchObject({ type: 'account', parent: 'Northwind Retail', territory: 'australia' });
    expect(find('Referral Co')).toMatchObject({ type: 'partner', subtype: 'referrer' });
    expect(groups.filter((g) => g.parent === 'Referral Co').map((g) => g.type)).toEqual(['organisation']);

    const { rows: memberships } = await query<{ email: string; name: string; access_level: string }>(db,
      `select u.email, g.name, gu.access_level from group_users gu
         join users u on u.id = gu.user_id join groups g on g.id = gu.group_id order by u.email, g.name`,
    );
    expect(memberships).toEqual([
      { email: 'member@example.com', name: 'Acme Trading', access_level: 'member' },
      { email: 'owner@example.com', name: 'Acme Trading', access_level: 'owner' },
      { email: 'owner@example.com', name: 'Helping Hands', access_level: 'owner' },
      { email: 'partner@example.com', name: 'Northwind Partners', access_level: 'owner' },
      { email: 'referrer@example.com', name: 'Referral Co', access_level: 'owner' },
    ]);
  });

  it('does nothing the second time', async () => {
    const count = async () => (await query<{ n: number }>(db, 'select (select count(*) from users) + (select count(*) from groups) as n')).rows[0].n;
    const before = await count();
    expect(await seedDemo(db)).toBe(false);
    expect(await count()).toBe(before);
  });
});
