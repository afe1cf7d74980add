import type { Role } from '../contract/entities';
import type { Territory } from '../contract/territory';
import { hashPassword } from './auth/passwords';
import type { Db } from './db';

export const demoPassword = 'Demo-Password-1';

type DemoUser = { email: string; personalName: string; roles: Role[]; validated?: boolean; about: string };

export const demoUsers: readonly DemoUser[] = [
  { email: 'super@example.com', personalName: 'Sam Super', roles: ['super'], about: 'staff, role super' },
  { email: 'admin@example.com', personalName: 'Ada Admin', roles: ['admin'], about: 'staff, role admin' },
  { email: 'sales@example.com', personalName: 'Sal Sales', roles: ['sales'], about: 'staff, role sales' },
  { email: 'owner@example.com', personalName: 'Olive Owner', roles: ['account'], about: 'owner of Acme Trading (accounts Acme UK, Acme Australia)' },
  { email: 'member@example.com', personalName: 'Max Member', roles: ['account'], about: 'member of Acme Trading' },
  { email: 'partner@example.com', personalName: 'Pat Partner', roles: ['account'], about: 'owner of partner Northwind Partners (corporate)' },
  { email: 'referrer@example.com', personalName: 'Ray Referrer', roles: ['account'], about: 'owner of partner Referral Co (referrer)' },
  { email: 'unvalidated@example.com', personalName: 'Una Validated', roles: ['account'], validated: false, about: 'not yet validated' },
];

type DemoGroup = {
  name: string;
  type: 'partner' | 'organisation' | 'account';
  subtype?: string;
  territory: Territory;
  country: string;
  members?: Record<string, 'owner' | 'member'>;
  children?: DemoGroup[];
};

const uk = { territory: 'uk', country: 'United Kingdom' } as const;
const au = { territory: 'australia', country: 'Australia' } as const;

const demoGroups: DemoGroup[] = [
  {
    name: 'Acme Trading', type: 'organisation', ...uk,
    members: { 'owner@example.com': 'owner', 'member@example.com': 'member' },
    children: [
      { name: 'Acme UK', type: 'account', ...uk },
      { name: 'Acme Australia', type: 'account', ...au },
    ],
  },
  {
    name: 'Northwind Partners', type: 'partner', subtype: 'corporate', ...uk,
    members: { 'partner@example.com': 'owner' },
    children: [
      {
        name: 'Northwind Retail', type: 'organisation', ...uk,
        children: [
          { name: 'Northwind Retail UK', type: 'account', ...uk },
          { name: 'Northwind Retail AU', type: 'account', ...au },
        ],
      },
    ],
  },
  {
    name: 'Referral Co', type: 'partner', subtype: 'referrer', ...uk,
    members: { 'referrer@example.com': 'owner' },
    children: [
      { name: 'Referral Co Client', type: 'organisation', ...uk, children: [{ name: 'Referral Co Client UK', type: 'account', ...uk }] },
    ],
  },
];

const seedLockKey = 7_246_002;

/**
 * Demo users and groups for the embedded database, all with the password `Demo-Password-1`. Does
 * nothing when any user exists, so it is safe on every start and from several processes at once.
 * Returns whether it seeded.
 */
export async function seedDemo(db: Db, now = Math.floor(Date.now() / 1000)): Promise<boolean> {
  const hasUsers = async (q: Db) => (await q.query('select 1 from users limit 1')).rows.length > 0;
  if (await hasUsers(db)) return false;
  // argon2 is slow on purpose: one hash serves every demo user.
  const passwordHash = await hashPassword(demoPassword);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [seedLockKey]);
    if (await hasUsers(tx)) return false;
    const ids = new Map<string, number>();
    for (const user of demoUsers) {
      const { rows } = await tx.query<{ id: number }>(
        `insert into users (user_name, email, password_hash, personal_name, territory, roles, validated,
                            create_timestamp, update_timestamp)
         values ($1, $1, $2, $3, 'uk', $4, $5, $6, $6) returning id`,
        [user.email, passwordHash, user.personalName, user.roles, user.validated ?? true, now],
      );
      ids.set(user.email, rows[0].id);
    }
    const insertGroup = async (group: DemoGroup, parentId: number | null, creatorId: number | null) => {
      const ownerEmail = Object.entries(group.members ?? {}).find(([, level]) => level === 'owner')?.[0];
      const creator = ownerEmail ? (ids.get(ownerEmail) ?? null) : creatorId;
      const { rows } = await tx.query<{ id: number }>(
        `insert into groups (parent_id, name, type, subtype, country, territory, creation_user_id, update_user_id,
                             create_timestamp, update_timestamp)
         values ($1, $2, $3, $4, $5, $6, $7, $7, $8, $8) returning id`,
        [parentId, group.name, group.type, group.subtype ?? null, group.country, group.territory, creator, now],
      );
      const id = rows[0].id;
      for (const [email, level] of Object.entries(group.members ?? {})) {
        await tx.query(
          'insert into group_users (group_id, user_id, access_level, create_timestamp) values ($1, $2, $3, $4)',
          [id, ids.get(email), level, now],
        );
      }
      for (const child of group.children ?? []) await insertGroup(child, id, creator);
    };
    for (const group of demoGroups) await insertGroup(group, null, null);
    return true;
  });
}
