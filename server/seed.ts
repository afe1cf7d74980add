import type { Role } from '../contract/shared/roles';
import type { Territory } from '../contract/shared/territory';
import { sql } from 'kysely';
import type { Db } from './db';
import { putGroupUser } from './modules/groups/index';
import { hashPassword } from './modules/users/index';
import { seedCatalogue } from './seedCatalogue';
import { seedLeads } from './seedLeads';
import { seedShop } from './seedShop';
import { addDemoTokens, demoTokens, seedTokensAndUsage } from './seedUsage';

export const demoPassword = 'Demo-Password-1';

type DemoUser = { email: string; personalName: string; roles: Role[]; validated?: boolean; about: string };

export const demoUsers: readonly DemoUser[] = [
  { email: 'super@example.com', personalName: 'Sam Super', roles: ['super'], about: 'staff, role super' },
  { email: 'admin@example.com', personalName: 'Ada Admin', roles: ['admin'], about: 'staff, role admin' },
  { email: 'sales@example.com', personalName: 'Sal Sales', roles: ['sales'], about: 'staff, role sales' },
  { email: 'owner@example.com', personalName: 'Olive Owner', roles: ['account'], about: 'owner of Acme Trading (accounts Acme UK, Acme Australia, Acme Events pending ownership) and charity Helping Hands' },
  { email: 'member@example.com', personalName: 'Max Member', roles: ['account'], about: 'member of Acme Trading' },
  { email: 'partner@example.com', personalName: 'Pat Partner', roles: ['account'], about: 'owner of partner Northwind Partners (corporate): Northwind Retail, Northwind Wholesale' },
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
  pendingOwnership?: boolean;
  charity?: { number: string; inVerification: boolean };
  /** The seed version that added the group: a database seeded before gets it on the next start. */
  since?: number;
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
      // Made for the owner by staff and not yet taken over: the account bar shows "Pending Ownership".
      { name: 'Acme Events', type: 'account', ...uk, pendingOwnership: true, since: 2 },
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
      {
        name: 'Northwind Wholesale', type: 'organisation', ...au, since: 2,
        children: [{ name: 'Northwind Wholesale AU', type: 'account', ...au }],
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
  {
    name: 'Helping Hands', type: 'organisation', ...uk, since: 2,
    members: { 'owner@example.com': 'owner' },
    charity: { number: '1180123', inVerification: true },
    children: [{ name: 'Helping Hands UK', type: 'account', ...uk }],
  },
];

const seedLockKey = 7_246_002;
/** Raised whenever demoUsers or demoGroups grow; a demo database seeded before catches up once. */
export const demoSeedVersion = 7;
/** The seed version that added the catalogue, subscriptions and bundles (seedCatalogue.ts). */
const catalogueSince = 3;
/** The seed version that added API tokens and the usage history made by the meter (seedUsage.ts). */
const tokensSince = 4;
/** The seed version that added the saved card, renewal cap, payment user and past order of Acme UK (seedShop.ts). */
const shopSince = 5;
/** The seed version that added the lead options and Northwind Partners' leads (seedLeads.ts). */
const leadsSince = 6;
/** The seed version that added Acme UK's token with the longest tag a token may have (seedUsage.ts). */
const longTagSince = 7;
const versionKey = 'demo_seed_version';

/**
 * Demo users and groups for the embedded database, all with the password `Demo-Password-1`.
 * Safe on every start and from several processes at once: it seeds an empty database, brings a
 * demo database seeded by an earlier version up to date once (adding only what is missing, so
 * nothing deleted since comes back later), and leaves any other database alone.
 * Returns whether it wrote anything.
 */
export async function seedDemo(db: Db, now = Math.floor(Date.now() / 1000)): Promise<boolean> {
  const state = async (q: Db) => {
    const { version, users, demo } = await q
      .selectNoFrom((eb) => [
        eb.selectFrom('settings').select('value').where('key', '=', versionKey).as('version'),
        eb.exists(eb.selectFrom('users').select('id')).as('users'),
        eb.exists(eb.selectFrom('users').select('id').where('user_name', '=', demoUsers[0].email)).as('demo'),
      ])
      .executeTakeFirstOrThrow();
    // Up to date, or real users and no demo ones: nothing to do.
    return (version !== null && Number(version) >= demoSeedVersion) || (users && !demo) ? 'skip' : 'seed';
  };
  if ((await state(db)) === 'skip') return false;
  // argon2 is slow on purpose: one hash serves every demo user.
  const passwordHash = await hashPassword(demoPassword);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${seedLockKey})`.execute(trx);
    if ((await state(trx)) === 'skip') return false;
    const seeded = await trx.selectFrom('settings').select('value').where('key', '=', versionKey).executeTakeFirst();
    const previousVersion = Number(seeded?.value ?? 0);
    const ids = new Map<string, number>();
    for (const user of demoUsers) {
      const { id } = await trx
        .insertInto('users')
        .values({
          user_name: user.email,
          email: user.email,
          password_hash: passwordHash,
          personal_name: user.personalName,
          territory: 'uk',
          roles: user.roles,
          validated: user.validated ?? true,
          create_timestamp: now,
          update_timestamp: now,
        })
        .onConflict((oc) => oc.column('user_name').doUpdateSet((eb) => ({ user_name: eb.ref('excluded.user_name') })))
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(user.email, id);
    }
    const findGroup = async (name: string, parentId: number | null) =>
      (
        await trx
          .selectFrom('groups')
          .select('id')
          .where('name', '=', name)
          .where('parent_id', 'is not distinct from', parentId)
          .orderBy('id')
          .limit(1)
          .executeTakeFirst()
      )?.id;
    /** Finds or adds the group; with `upTo`, adds only groups of that seed version or earlier. */
    const ensureGroup = async (group: DemoGroup, parentId: number | null, creatorId: number | null, upTo: number) => {
      if ((group.since ?? 1) > upTo) return;
      const ownerEmail = Object.entries(group.members ?? {}).find(([, level]) => level === 'owner')?.[0];
      const creator = ownerEmail ? (ids.get(ownerEmail) ?? null) : creatorId;
      let id = await findGroup(group.name, parentId);
      if (id === undefined) {
        ({ id } = await trx
          .insertInto('groups')
          .values({
            parent_id: parentId,
            name: group.name,
            type: group.type,
            subtype: group.subtype ?? null,
            country: group.country,
            territory: group.territory,
            pending_ownership: group.pendingOwnership ?? false,
            charity_psl_number: group.charity?.number ?? null,
            is_in_verify_process: group.charity?.inVerification ?? false,
            creation_user_id: creator,
            update_user_id: creator,
            create_timestamp: now,
            update_timestamp: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow());
        for (const [email, level] of Object.entries(group.members ?? {})) await putGroupUser(trx, id, ids.get(email)!, level, now);
      }
      for (const child of group.children ?? []) await ensureGroup(child, id, creator, upTo);
    };
    // Version by version, so a fresh database gets the ids of earlier versions unchanged.
    for (let version = 1; version <= demoSeedVersion; version++) {
      for (const group of demoGroups) await ensureGroup(group, null, null, version);
    }
    if (previousVersion < catalogueSince) await seedCatalogue(trx, now, ids.get('admin@example.com') ?? null);
    const owners = new Map(
      ['Acme UK', 'Acme Australia'].map((name) => [name, ids.get('owner@example.com')!] as const)
        .concat(['Northwind Retail UK', 'Northwind Retail AU'].map((name) => [name, ids.get('partner@example.com')!] as const)),
    );
    if (previousVersion < tokensSince) {
      // The history is metered only with a fresh catalogue: bundles seeded before have theirs.
      await seedTokensAndUsage(trx, now, owners, previousVersion < catalogueSince);
    } else if (previousVersion < longTagSince) {
      await addDemoTokens(trx, now, owners, demoTokens.filter((t) => (t.since ?? tokensSince) > previousVersion));
    }
    if (previousVersion < shopSince) await seedShop(trx, now, { ownerId: ids.get('owner@example.com') ?? null, memberId: ids.get('member@example.com') ?? null });
    if (previousVersion < leadsSince) await seedLeads(trx, now, { partnerId: ids.get('partner@example.com') ?? null, salesId: ids.get('sales@example.com') ?? null });
    await trx
      .insertInto('settings')
      .values({ key: versionKey, value: String(demoSeedVersion) })
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
    return true;
  });
}
