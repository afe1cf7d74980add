// What an operator sees of a process: /healthz, /readyz and its reasons, /metrics behind its token,
// one JSON log line per request with the request id the answer carries back, and the settings a
// production deployment must give.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, depsOf } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { AddressInfo } from 'node:net';
import { loggerOptions, startMetricsServer } from '../../../server/http/operations';
import { createMetrics } from '../../../server/platform/metrics';
import { createJobsHandle } from '../../../server/jobs/handle';
import { createMailer } from '../../../server/platform/mail';
import { requestContext } from '../../../server/platform/requestContext';
import { createHarness, freshDb, query, type Harness } from '../support/harness';

const metricsToken = 'metrics-token-for-the-test-0123456789';

describe('health, readiness and metrics', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ env: { METRICS_TOKEN: metricsToken, ADDRESS_PRELOAD: '0' } });
  });
  afterAll(() => h.close());

  it('answers /healthz while the process runs', async () => {
    const response = await h.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ alive: true });
  });

  it('is not ready until its job queue runs, then ready with every check passed', async () => {
    const before = await h.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.json().reason).toBe('jobs: not running yet (idle)');
    await depsOf(h.app).jobs.start();
    const after = await h.inject({ method: 'GET', url: '/readyz' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ ready: true, reason: null, checks: { database: { ok: true }, migrations: { ok: true, detail: 'all applied' }, jobs: { ok: true } } });
    expect(after.headers['cache-control']).toBe('no-store');
  });

  it('is not ready when a migration this code knows is not applied', async () => {
    const { rows } = await query<{ version: string }>(h.db, 'select version from schema_migrations order by version desc limit 1');
    const last = rows[0].version;
    await query(h.db, 'delete from schema_migrations where version = $1', [last]);
    try {
      const response = await h.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json().reason).toBe(`migrations: not applied: ${last}`);
    } finally {
      await query(h.db, 'insert into schema_migrations (version, applied_at) values ($1, 0)', [last]);
    }
  });

  it('hides /metrics without the token and serves Prometheus text with it', async () => {
    expect((await h.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await h.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(404);
    // A metered call without a token: refused (401) and counted for its service.
    expect((await h.inject({ method: 'POST', url: '/api/name/validate', payload: {} })).statusCode).toBe(401);
    // A job waiting for its time counts in the queue's depth.
    await depsOf(h.app).jobs.send('bureau-retention-sweep', {}, { startAfterSeconds: 3600 });
    const response = await h.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} [1-9]/m);
    expect(response.body).toMatch(/^metered_calls_total\{service="name",outcome="refused",status="401"\} 1$/m);
    expect(response.body).toMatch(/^jobs_queued\{queue="[\w-]+",state="waiting"\} \d+$/m);
    expect(response.body).toContain('process_cpu_seconds_total');
  });

  it('serves the metrics on a port of their own (METRICS_PORT) without a token, and nothing else there', async () => {
    const metrics = createMetrics();
    metrics.uploaded('uk', 1234);
    const server = await startMetricsServer(metrics, 0, '127.0.0.1');
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const answer = await fetch(`${origin}/metrics`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toMatch(/^upload_bytes_total\{territory="uk"\} 1234$/m);
      expect((await fetch(`${origin}/readyz`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('answers not ready from the moment it starts shutting down', async () => {
    h.app.readiness.close();
    const response = await h.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json().reason).toBe('shutting down');
    expect((await h.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('request ids and log lines', { timeout: 60_000 }, () => {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });

  async function appWith(env: Record<string, string>) {
    const { db, drop } = await freshDb();
    const config = loadConfig({ STATIC_DIR: '/nonexistent-portal-dist', SMTP_URL: '', ...env });
    const mailer = createMailer({ smtpUrl: null, from: config.mailFrom, db });
    const app = buildApp({ db, mailer, config, logger: { ...loggerOptions('info'), stream } });
    await app.ready();
    return { app, close: async () => (await app.close(), await drop()) };
  }

  it('logs one line per request, with its path but never its query string, under the id the answer carries', async () => {
    const { app, close } = await appWith({});
    try {
      lines.length = 0;
      const response = await app.inject({ method: 'GET', url: '/api/files/uk/files/1?token=secret-download-token', headers: { 'x-request-id': 'from-a-client' } });
      const id = response.headers['x-request-id'];
      // Without TRUST_PROXY a client's own id is not taken.
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const mine = lines.filter((line) => line.requestId === id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ msg: 'request', method: 'GET', route: '/api/files/uk/files/:id', path: '/api/files/uk/files/1', status: response.statusCode });
      expect(JSON.stringify(lines)).not.toContain('secret-download-token');
    } finally {
      await close();
    }
  });

  it("takes a trusted proxy's x-request-id, and no one else's", async () => {
    const { app, close } = await appWith({ TRUST_PROXY: '127.0.0.1' });
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-1234' }, remoteAddress: '127.0.0.1' });
      expect(response.headers['x-request-id']).toBe('lb-1234');
      const stranger = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-1234' }, remoteAddress: '10.1.2.3' });
      expect(stranger.headers['x-request-id']).not.toBe('lb-1234');
    } finally {
      await close();
    }
  });

  it("hands the id of the request queuing a job to the job's handler, and the job's data stays its own", async () => {
    const { db, drop } = await freshDb();
    const jobs = createJobsHandle({ db, queues: [{ name: 'request-id-test' }], worker: true });
    try {
      const seen: Array<{ data: object; requestId: string | null }> = [];
      const done = new Promise<void>((resolve) =>
        void jobs.work<{ n: number }>('request-id-test', async (data, job) => {
          seen.push({ data, requestId: job.requestId });
          if (seen.length === 2) resolve();
        }, { pollingIntervalSeconds: 0.5 }),
      );
      await jobs.start();
      await requestContext.run('request-42', () => jobs.send('request-id-test', { n: 1 }));
      await jobs.send('request-id-test', { n: 2 });
      await done;
      expect(seen.sort((a, b) => (a.data as { n: number }).n - (b.data as { n: number }).n)).toEqual([
        { data: { n: 1 }, requestId: 'request-42' },
        { data: { n: 2 }, requestId: null },
      ]);
    } finally {
      await jobs.stop();
      await drop();
    }
  });
});

describe('production settings', () => {
  const complete = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a'.repeat(64),
    PAYMENT_WEBHOOK_SECRET: 'b'.repeat(64),
    PUBLIC_URL: 'https://portal.example.com',
    TRUST_PROXY: '10.0.0.0/8',
    SMTP_URL: 'smtp://mail.example.com:587',
  };

  it('refuses to start without the secrets, the public URL, the trusted proxies and mail, naming each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /NODE_ENV=production needs: JWT_SECRET .*; PAYMENT_WEBHOOK_SECRET .*; PUBLIC_URL .*; TRUST_PROXY .*; SMTP_URL /,
    );
    expect(() => loadConfig({ ...complete, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET \(a secret of at least 32 characters/);
    expect(() => loadConfig({ ...complete, PUBLIC_URL: 'http://portal.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...complete, SEED_DEMO: '1' })).toThrow(/SEED_DEMO unset/);
  });

  it('starts with them, and never seeds the demo users', () => {
    const config = loadConfig(complete);
    expect(config.publicUrl).toBe('https://portal.example.com');
    expect(config.seedDemo).toBe(false);
  });
});
