// The demo seed's tokens and its three months of usage, made by the real meter (server/seedUsage.ts):
// every click of the history is in a bundle, in usage_daily and in its token's day count alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { seedDemo } from '../../../server/seed';
import { historyDays, longDemoTag } from '../../../server/seedUsage';
import { freshDb, query } from '../support/harness';

let db: Db;
let drop: () => Promise<void>;
const now = Math.floor(Date.UTC(2030, 0, 1, 9) / 1000);
const today = now - (now % 86_400);
beforeAll(async () => {
  ({ db, drop } = await freshDb());
  await seedDemo(db, now);
});
afterAll(() => drop?.());

const rows = async <T>(text: string, params: unknown[] = []) => (await query<T>(db, text, params)).rows;

describe('the demo tokens and usage history', () => {
  it('gives Acme UK a token in each state, and Acme Australia and Northwind tokens of their own', async () => {
    const tokens = await rows<{ account: string; tag: string; type: string; locked: boolean; ip_ranges: string[]; referrer: string | null; expiry: number; daily_cap: number | null }>(
      `select g.name as account, t.tag, t.type, t.locked, t.ip_ranges, t.referrer, t.expiry, t.daily_cap
         from tokens t join groups g on g.id = t.account_id order by t.id`);
    const acme = tokens.filter((t) => t.account === 'Acme UK');
    expect(acme.some((t) => t.type === 'server' && t.ip_ranges.length > 0 && !t.locked && t.expiry === 0)).toBe(true);
    expect(acme.some((t) => t.type === 'browser' && t.referrer?.startsWith('*.'))).toBe(true);
    expect(acme.some((t) => t.locked)).toBe(true);
    expect(acme.some((t) => t.expiry > 0 && t.expiry < now)).toBe(true);
    expect(acme.some((t) => t.daily_cap !== null)).toBe(true);
    for (const account of ['Acme Australia', 'Northwind Retail UK']) expect(tokens.filter((t) => t.account === account).length, account).toBeGreaterThan(0);
  });

  it(`keeps ${historyDays} days of usage up to today, by token (and the portal) and country`, async () => {
    const [span] = await rows<{ first: number; last: number; countries: number; tokens: number; portal: number }>(
      `select min(day)::bigint as first, max(day)::bigint as last, count(distinct country)::int as countries,
              count(distinct token_id)::int as tokens, count(*) filter (where token_id is null)::int as portal from usage_daily`);
    expect(span.first).toBe(today - (historyDays - 1) * 86_400);
    expect(span.last).toBe(today);
    expect(span.countries).toBeGreaterThanOrEqual(3);
    expect(span.tokens).toBeGreaterThanOrEqual(6);
    expect(span.portal).toBeGreaterThan(0);
  });

  it('spends exactly the metered clicks from the bundles of subscriptions whose history started fresh', async () => {
    const metered = await rows<{ name: string; plan: string; used: number; usage: number }>(
      `select g.name, p.name as plan,
              (select sum(used_clicks) from bundles b where b.account_id = s.account_id and b.plan_id = s.plan_id)::int as used,
              (select coalesce(sum(clicks), 0) from usage_daily u where u.account_id = s.account_id and u.plan_id = s.plan_id)::int as usage
         from subscriptions s join groups g on g.id = s.account_id join plans p on p.id = s.plan_id
        where (g.name, p.name) in (('Acme UK', 'Email Validation UK'), ('Acme Australia', 'Address Lookup Australia'), ('Northwind Retail UK', 'Address Lookup UK'), ('Acme UK', 'Address Autocomplete UK 2024'))
        order by 1, 2`);
    expect(metered).toHaveLength(4);
    for (const m of metered) expect(m.usage, `${m.name} ${m.plan}`).toBe(m.used);
    // The email bundle's 10,000 clicks are spent exactly by its history: the services page shows it empty.
    expect(metered.find((m) => m.plan === 'Email Validation UK')?.used).toBe(10_000);
  });

  it("counts each token's days as usage_daily does, never past a cap, and nothing for the expired token after it expired", async () => {
    const mismatched = await rows(
      `select t.tag from tokens t
        where (select coalesce(sum(clicks), 0) from usage_daily u where u.token_id = t.id)
           <> (select coalesce(sum(clicks), 0) from token_day_usage d where d.token_id = t.id)`);
    expect(mismatched).toEqual([]);
    const overCap = await rows(`select t.tag from token_day_usage d join tokens t on t.id = d.token_id where t.daily_cap is not null and d.clicks > t.daily_cap`);
    expect(overCap).toEqual([]);
    const afterExpiry = await rows(`select u.day from usage_daily u join tokens t on t.id = u.token_id where t.expiry > 0 and u.day >= t.expiry`);
    expect(afterExpiry).toEqual([]);
  });

  it('never has usage the live meter would refuse: after a lock or expiry, off a running bundle, on a disabled subscription, past clicks', async () => {
    // A token's use stops when an owner locks it: no row on a day that starts after its lock.
    const locks = await rows<{ tag: string; at: number }>(`select token_tag as tag, max(at)::bigint as at from token_audit where action = 'lock' group by token_tag`);
    expect(locks.length).toBeGreaterThan(0);
    const afterLock = await rows<{ tag: string; day: number }>(
      `select t.tag, u.day::bigint as day from usage_daily u join tokens t on t.id = u.token_id
        join token_audit a on a.token_id = t.id and a.action = 'lock'
        where u.day > a.at and (u.clicks > 0 or u.test_calls > 0)`);
    expect(afterLock).toEqual([]);
    const afterExpiry = await rows(`select u.day from usage_daily u join tokens t on t.id = u.token_id where t.expiry > 0 and u.day >= t.expiry`);
    expect(afterExpiry).toEqual([]);
    // Only services the token may call, and not before it was made.
    const offToken = await rows<{ tag: string }>(
      `select t.tag from usage_daily u join tokens t on t.id = u.token_id join plans p on p.id = u.plan_id join datasets d on d.id = p.dataset_id
        where not (d.service = any(t.services)) or u.day + 86400 <= t.created_at`);
    expect(offToken).toEqual([]);
    // Clicks only on a day a bundle of the subscription was running, never past a bundle's clicks.
    const offBundle = await rows(
      `select u.account_id, u.plan_id, u.day from usage_daily u
        where u.clicks > 0 and not exists (select 1 from bundles b where b.account_id = u.account_id and b.plan_id = u.plan_id
                                           and b.start_date < u.day + 86400 and b.end_date > u.day)`);
    expect(offBundle).toEqual([]);
    expect(await rows(`select id from bundles where used_clicks > clicks or used_clicks < 0`)).toEqual([]);
    // A disabled subscription serves nothing (the demo's were disabled throughout).
    const onDisabled = await rows(`select u.plan_id from usage_daily u join subscriptions s on s.account_id = u.account_id and s.plan_id = u.plan_id where not s.enabled`);
    expect(onDisabled).toEqual([]);
    // Test calls only on plans that allow them, and they cost no clicks.
    const testOff = await rows(`select u.plan_id from usage_daily u join plans p on p.id = u.plan_id where u.test_calls > 0 and not p.allow_test`);
    expect(testOff).toEqual([]);
    const [tested] = await rows<{ n: number }>(`select coalesce(sum(test_calls), 0)::int as n from usage_daily`);
    expect(tested.n).toBeGreaterThan(0);
  });

  it('sets usage alerts on Acme UK address lookup and is not run twice', async () => {
    const alerts = await rows<{ thresholds: number[] }>(`select thresholds from usage_alerts`);
    expect(alerts).toEqual([{ thresholds: [50, 80, 100] }]);
    const [before] = await rows<{ n: number }>('select sum(clicks)::int as n from usage_daily');
    expect(await seedDemo(db, now)).toBe(false);
    const [after] = await rows<{ n: number }>('select sum(clicks)::int as n from usage_daily');
    expect(after).toEqual(before);
  });

  it('gives Acme UK a token tagged with 60 characters and no space, and adds it once to a demo database seeded before it', async () => {
    const long = async () => rows<{ tag: string }>(`select t.tag from tokens t join groups g on g.id = t.account_id where g.name = 'Acme UK' and length(t.tag) = 60 and t.deleted_at is null`);
    expect(await long()).toEqual([{ tag: longDemoTag }]);
    expect(longDemoTag).toMatch(/^\S{60}$/);
    // A demo database of the version before: the token is added, nothing else comes back or changes.
    await query(db, `delete from token_audit where token_tag = $1`, [longDemoTag]);
    await query(db, `delete from tokens where tag = $1`, [longDemoTag]);
    await query(db, `update tokens set deleted_at = $1 where tag = 'CRM sync'`, [now]);
    await query(db, `update settings set value = '6' where key = 'demo_seed_version'`);
    const [before] = await rows<{ n: number }>('select count(*)::int as n from tokens');
    expect(await seedDemo(db, now)).toBe(true);
    expect(await long()).toEqual([{ tag: longDemoTag }]);
    const [after] = await rows<{ n: number }>('select count(*)::int as n from tokens');
    expect(after.n).toBe(before.n + 1);
    expect(await rows(`select tag from tokens where tag = 'CRM sync' and deleted_at is null`)).toEqual([]);
  });
});
