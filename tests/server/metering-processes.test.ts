// The meter across two real server processes (npm start's server/main.ts, twice) over one
// PostgreSQL schema: 100 concurrent calls shared between them against 50 remaining clicks.
// PostgreSQL only (PGlite is one process by nature); skipped without DATABASE_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db } from '../../server/db';
import { dropSchema } from '../../server/db/postgres';
import { createTokens } from '../../server/modules/users/jwt';
import { fixtureHash, query } from './harness';

const databaseUrl = process.env.DATABASE_URL;
const root = resolve(import.meta.dirname, '../..');
const secret = randomBytes(32).toString('base64url');

/** Starts server/main.ts on a free port and resolves with its origin once it prints its URL. */
function startServer(url: string): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      METER_TEST_ROUTE: '1',
      ADDRESS_PRELOAD: '0',
      JWT_SECRET: secret,
      STATIC_DIR: '/nonexistent-portal-dist',
      LOG_LEVEL: 'error',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((done, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 60_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        done({ origin: `http://127.0.0.1:${match[1]}`, child });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => fail(new Error(`server exited with ${code}: ${out}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return gone;
}

describe.runIf(databaseUrl)('the meter across two server processes on one PostgreSQL', () => {
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  let db: Db;
  const servers: Array<{ origin: string; child: ChildProcess }> = [];

  beforeAll(async () => {
    db = await openDb({ databaseUrl, schema });
    await migrate(db);
    const url = new URL(databaseUrl!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    servers.push(...(await Promise.all([startServer(url.toString()), startServer(url.toString())])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => stop(s.child)));
    if (db) {
      await dropSchema(db, schema);
      await db.destroy();
    }
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
    const jwt = await createTokens({ db, secret }).sign(
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
