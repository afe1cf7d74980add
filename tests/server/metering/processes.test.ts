// The meter across two real server processes (npm start's server/main.ts, twice) over one
// PostgreSQL schema: 100 concurrent calls shared between them against 50 remaining clicks.
// PostgreSQL only (PGlite is one process by nature); skipped without DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { createSessionJwt } from '../../../server/modules/users/jwt';
import { processDatabase, startServerProcess, stopServerProcess, type ServerProcess } from '../../support/serverProcess';
import { fixtureHash, query } from '../support/harness';
import { meterTestServer } from '../support/meterTestServer';

const databaseUrl = process.env.DATABASE_URL;
const secret = randomBytes(32).toString('base64url');

describe.runIf(databaseUrl)('the meter across two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof processDatabase>>;
  let db: Db;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await processDatabase(databaseUrl);
    db = await database.use(async (handle) => handle);
    const env = { ...database.env, JWT_SECRET: secret };
    servers.push(...(await Promise.all([startServerProcess(env, meterTestServer), startServerProcess(env, meterTestServer)])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServerProcess(s.child)));
    await database?.drop();
  });

  it('serves exactly 50 of 100 concurrent calls sent to both processes, refuses 50 with 402, and records 50 clicks', async () => {
    const now = Math.floor(Date.now() / 1000);
    const one = async <T>(text: string, params: unknown[]) => (await query<T>(db, text, params)).rows[0];
    const user = await one<{ id: number }>(
      `insert into users (user_name, email, password_hash, personal_name, validated, create_timestamp, update_timestamp)
       values ('procs@example.com', 'procs@example.com', $1, 'Two Processes', true, $2, $2) returning id`, [fixtureHash, now]);
    const account = await one<{ id: number }>(
      `insert into groups (name, type, create_timestamp, update_timestamp) values ('Procs', 'account', $1, $1) returning id`, [now]);
    const dataset = await one<{ id: number }>(
      `insert into datasets (name, dataset_ref, service, created_at, updated_at) values ('P', 'PROCS', 'addresslookup', $1, $1) returning id`, [now]);
    const plan = await one<{ id: number }>(
      `insert into plans (name, dataset_id, duration_months, available_start, calculator, pricing, territory, created_at, updated_at)
       values ('Procs plan', $1, 12, 0, 'volume', '[{"fromClicks":1,"toClicks":null,"pricePer1000":1000}]', 'uk', $2, $2) returning id`,
      [dataset.id, now]);
    await query(db, 'insert into subscriptions (account_id, plan_id, created_at, updated_at) values ($1, $2, $3, $3)', [account.id, plan.id, now]);
    // Two bundles, so the calls also race over which one to take from: 20 expiring sooner, then 30.
    await query(db,
      `insert into bundles (account_id, plan_id, clicks, price, start_date, end_date, source, created_at)
       values ($1, $2, 20, 0, $3, $4, 'staff', $3), ($1, $2, 30, 0, $3, $5, 'staff', $3)`,
      [account.id, plan.id, now - 86_400, now + 10 * 86_400, now + 20 * 86_400]);
    const token = await one<{ id: number }>(
      `insert into tokens (account_id, type, tag, services, created_at, updated_at) values ($1, 'server', 'procs', '{addresslookup}', $2, $2) returning id`,
      [account.id, now]);
    const sessionId = randomBytes(18).toString('base64url');
    await query(db, `insert into sessions (id, user_id, kind, created_at, expires_at, token_id) values ($1, $2, 'api', $3, $4, $5)`,
      [sessionId, user.id, now, now + 31_536_000, token.id]);
    const jwt = await createSessionJwt({ db, secret }).sign(
      { userId: user.id, userName: 'procs@example.com', roles: ['account'], territory: 'uk', validated: true, accountId: account.id, sessionId,
        recycleDate: now + 31_536_000, recycleSeconds: 31_536_000, expirySeconds: 31_536_000 }, now);

    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fetch(`${servers[i % 2].origin}/api/metertest/addresslookup`, { method: 'POST', headers: { authorization: `Bearer ${jwt}` } }),
      ),
    );
    const byServer = [0, 1].map((s) => responses.filter((r, i) => i % 2 === s && r.status === 200).length);
    const codes = responses.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(50);
    expect(codes.filter((c) => c === 402)).toHaveLength(50);
    // Both processes served some of them (else this would test one process).
    expect(byServer[0]).toBeGreaterThan(0);
    expect(byServer[1]).toBeGreaterThan(0);
    const bundles = await query<{ clicks: number; used_clicks: number }>(db, 'select clicks, used_clicks from bundles order by id');
    expect(bundles.rows).toEqual([{ clicks: 20, used_clicks: 20 }, { clicks: 30, used_clicks: 30 }]);
    const usage = await query<{ clicks: number; rows: number }>(db, 'select sum(clicks)::int as clicks, count(*)::int as rows from usage_daily');
    expect(usage.rows[0]).toEqual({ clicks: 50, rows: 1 });
    const days = await query<{ clicks: number }>(db, 'select clicks from token_day_usage');
    expect(days.rows).toEqual([{ clicks: 50 }]);
  }, 60_000);
});
