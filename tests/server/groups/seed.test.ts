import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { seedDemo } from '../../../server/seed';
import { freshDb, query } from '../support/harness';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
});
afterAll(() => drop?.());

type Row = {
  id: number;
  name: string;
  type: string;
  parent: string | null;
  territory: string;
  pending: boolean;
  charity: string | null;
  verifying: boolean;
};
const groups = async () =>
  (
    await query<Row>(db,
      `select g.id, g.name, g.type, p.name as parent, g.territory, g.pending_ownership as pending,
              g.charity_psl_number as charity, g.is_in_verify_process as verifying
         from groups g left join groups p on p.id = g.parent_id order by g.id`,
    )
  ).rows;

describe('demo groups for group management', () => {
  it('gives a fresh database partners with several organisations, organisations with several accounts, a pending account and a charity', async () => {
    expect(await seedDemo(db)).toBe(true);
    const rows = await groups();
    const children = (name: string) => rows.filter((g) => g.parent === name).map((g) => g.name);
    expect(children('Northwind Partners')).toEqual(['Northwind Retail', 'Northwind Wholesale']);
    expect(children('Northwind Retail')).toEqual(['Northwind Retail UK', 'Northwind Retail AU']);
    expect(children('Northwind Wholesale')).toEqual(['Northwind Wholesale AU']);
    expect(children('Acme Trading')).toEqual(['Acme UK', 'Acme Australia', 'Acme Events']);
    const find = (name: string) => rows.find((g) => g.name === name)!;
    expect(find('Acme Events')).toMatchObject({ type: 'account', pending: true });
    expect(rows.filter((g) => g.pending).map((g) => g.name)).toEqual(['Acme Events']);
    expect(find('Helping Hands')).toMatchObject({ type: 'organisation', parent: null, charity: '1180123', verifying: true });
    expect(new Set(rows.filter((g) => g.type === 'account').map((g) => g.territory))).toEqual(new Set(['uk', 'australia']));
    const { rows: owners } = await query<{ email: string }>(db,
      `select u.email from group_users gu join users u on u.id = gu.user_id join groups g on g.id = gu.group_id
        where g.name = 'Helping Hands' and gu.access_level = 'owner'`,
    );
    expect(owners).toEqual([{ email: 'owner@example.com' }]);
  });

  it('keeps the ids of the first demo groups and numbers the new ones after them', async () => {
    expect((await groups()).map((g) => [g.id, g.name])).toEqual([
      [1, 'Acme Trading'], [2, 'Acme UK'], [3, 'Acme Australia'], [4, 'Northwind Partners'], [5, 'Northwind Retail'],
      [6, 'Northwind Retail UK'], [7, 'Northwind Retail AU'], [8, 'Referral Co'], [9, 'Referral Co Client'],
      [10, 'Referral Co Client UK'], [11, 'Acme Events'], [12, 'Northwind Wholesale'], [13, 'Northwind Wholesale AU'],
      [14, 'Helping Hands'], [15, 'Helping Hands UK'],
    ]);
  });

  it('brings a demo database seeded by the first version up to date once, adding only what is missing', async () => {
    // What the first version left: its groups and no version mark.
    await query(db, `delete from groups where name in ('Acme Events', 'Northwind Wholesale', 'Helping Hands')`);
    await query(db, `delete from settings where key = 'demo_seed_version'`);
    const before = await groups();
    expect(before).toHaveLength(10);
    expect(await seedDemo(db)).toBe(true);
    const after = await groups();
    expect(after.slice(0, 10)).toEqual(before);
    expect(after.slice(10).map((g) => g.name)).toEqual(['Acme Events', 'Northwind Wholesale', 'Northwind Wholesale AU', 'Helping Hands', 'Helping Hands UK']);
    expect(await seedDemo(db)).toBe(false);
    // Deleted later, a demo group stays deleted.
    await query(db, `delete from groups where name = 'Acme Events'`);
    expect(await seedDemo(db)).toBe(false);
  });

  it('leaves a database of real users alone', async () => {
    const other = await freshDb();
    try {
      await query(other.db,
        `insert into users (user_name, email, password_hash, create_timestamp, update_timestamp)
         values ('real@customer.test', 'real@customer.test', 'x', 0, 0)`,
      );
      expect(await seedDemo(other.db)).toBe(false);
      expect((await query(other.db, 'select 1 from groups')).rows).toHaveLength(0);
    } finally {
      await other.drop();
    }
  });
});
