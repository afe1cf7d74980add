// The results job killed part way: a real server process (server/main.ts) runs the job and is
// killed with SIGKILL at a random point of it, several times (BUREAU_CRASH_KILLS, 3 by default);
// each new process finds the job expired (BUREAU_JOB_EXPIRE_SECONDS) and retried by pg-boss, starts
// it again from scratch, and in the end the results are recorded once with the right counts, with
// one results zip in the rows and in the storage. PGlite (one process at a time over its data
// folder) by default, PostgreSQL with DATABASE_URL.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resultsFileName, type BureauFile, type FileResults, type FileStatus } from '../../../contract/bureau/entities';
import { fixtureHash, fixturePassword, query } from '../support/harness';
import { killServerProcess, postBytes, processDatabase, startServerProcess, stopServerProcess, type ServerProcess } from '../../support/serverProcess';

const kills = Number(process.env.BUREAU_CRASH_KILLS ?? 3);
const good = 12_000;
const malformed = 300;
const storageDir = mkdtempSync(join(tmpdir(), 'bureau-crash-uploads-'));
const dataDir = mkdtempSync(join(tmpdir(), 'bureau-crash-data-'));
afterAll(() => {
  rmSync(storageDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** Rows of a generated file: towns and postcodes of no reference address, so every run reads and matches alike. */
function csv(): Buffer {
  const lines = ['Name,Address 1,Town,Postcode'];
  for (let i = 0; i < good; i++) {
    lines.push(`Person ${i},${(i % 200) + 1} Crash Road,TESTTOWN,ZZ${i % 10} ${i % 9}AA`);
    if (i % 40 === 0 && i / 40 < malformed) lines.push('only,two');
  }
  return Buffer.from(lines.join('\n') + '\n');
}

describe('the results job killed part way', () => {
  it(`finishes once with the right counts after ${kills} kills`, { timeout: 600_000 }, async () => {
    const database = await processDatabase(process.env.DATABASE_URL);
    const env = {
      ...(process.env.DATABASE_URL ? { DATA_DIR: dataDir } : {}),
      ...database.env,
      FILE_STORAGE_DIR: storageDir,
      ADDRESS_SAMPLE_SIZE: '2000',
      BUREAU_JOB_EXPIRE_SECONDS: '15',
      BUREAU_JOB_RETRY_DELAY_SECONDS: '0',
      BUREAU_PROGRESS_ROWS: '250',
      JOBS_MAINTENANCE_SECONDS: '1',
    };
    let server: ServerProcess | null = null;
    try {
      const now = Math.floor(Date.now() / 1000);
      const accountId = await database.use(async (db) => {
        const user = await query<{ id: number }>(db,
          `insert into users (user_name, email, password_hash, personal_name, territory, roles, validated, locked, create_timestamp, update_timestamp)
           values ('crash@example.com', 'crash@example.com', $1, 'Crash Owner', 'uk', $2, true, false, $3, $3) returning id`, [fixtureHash, ['account'], now]);
        const account = await query<{ id: number }>(db,
          `insert into groups (name, type, territory, create_timestamp, update_timestamp) values ('Crash UK', 'account', 'uk', $1, $1) returning id`, [now]);
        await query(db, `insert into group_users (group_id, user_id, access_level, create_timestamp) values ($1, $2, 'owner', $3)`, [account.rows[0].id, user.rows[0].id, now]);
        return account.rows[0].id;
      });

      server = await startServerProcess(env);
      const basic = `Basic ${Buffer.from(`crash@example.com:${fixturePassword}`).toString('base64')}`;
      const auth = (await (await fetch(`${server.origin}/api/users/auth?accId=${accountId}`, { headers: { authorization: basic } })).json()) as { jwt: string };
      const headers = { authorization: `Bearer ${auth.jwt}` };
      const api = async <T>(origin: string, method: string, path: string, body?: object): Promise<T> => {
        const r = await fetch(`${origin}${path}`, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
        if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
        return (await r.json()) as T;
      };

      const file = csv();
      const { fileId: fileServerId } = await api<{ fileId: string }>(server.origin, 'GET', `/api/files/uk/upload/begin?filePrefix=crash.csv&size=${file.length}`);
      for (let idx = 0, at = 0; at < file.length; idx++, at += 10_000_000) {
        const sent = await postBytes(`${server.origin}/api/files/uk/upload/chunk?fileId=${fileServerId}&idx=${idx}`, headers, file.subarray(at, at + 10_000_000));
        expect(sent.status, sent.text).toBe(200);
      }
      await api(server.origin, 'GET', `/api/files/uk/upload/end?fileId=${fileServerId}&hash=${createHash('sha256').update(file).digest('hex')}`);
      const made = await api<BureauFile>(server.origin, 'POST', '/api/bureau/files', { fileServerId, name: 'Crash' });
      await api(server.origin, 'PUT', `/api/bureau/files/inputfields?fileId=${made.id}`, { inputFields: [{ inputOrder: 0, mappingType: 'name', mappingOrder: 1 }] });
      await api(server.origin, 'PUT', `/api/bureau/files/dedupesettings?fileId=${made.id}`, { settingId: 1 });
      await api(server.origin, 'PUT', `/api/bureau/files/createresults?fileId=${made.id}`);

      type Results = { status: FileStatus; progress: { done: number; total: number }; results: FileResults | null };
      const results = (origin: string) => api<Results>(origin, 'GET', `/api/bureau/files/results?fileId=${made.id}`);
      const until = async (origin: string, ok: (r: Results) => boolean, timeoutMs = 120_000) => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const r = await results(origin);
          if (ok(r)) return r;
          if (Date.now() > deadline) throw new Error(`waited for the job: ${JSON.stringify(r)}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };

      const killedAt: number[] = [];
      for (let k = 0; k < kills; k++) {
        server ??= await startServerProcess(env);
        // A random point of the run: some share of its rows read (both passes: dedupe reads twice).
        const share = 0.05 + Math.random() * 0.8;
        const r = await until(server.origin, (x) => x.status === 'running' && x.progress.total > 0 && x.progress.done >= share * x.progress.total);
        expect(r.status).toBe('running');
        await killServerProcess(server.child);
        killedAt.push(r.progress.done);
        server = null;
      }
      server = await startServerProcess(env);
      const done = await until(server.origin, (x) => x.status === 'results' || x.status === 'failed', 180_000);
      expect(done.status).toBe('results');
      expect(killedAt).toHaveLength(kills);
      expect(done.results).toMatchObject({ inputRecordCount: good + malformed, errorCount: malformed, outputRecordCount: done.results!.outputGroupStats.cleansed });
      // Address keys repeat every lcm(200, 10, 9) = 1,800 rows: 1,800 parents, the rest their children.
      expect(done.results!.dedupeStats).toEqual({ parent: 1800, child: good - 1800, unique: 0 });
      await stopServerProcess(server.child);
      server = null;

      const { zips, uploads } = await database.use(async (db) => ({
        zips: (await query<{ id: string }>(db, 'select id from uploads where file_prefix = $1', [resultsFileName])).rows,
        uploads: (await query<{ id: string }>(db, 'select id from uploads')).rows.map((u) => u.id),
      }));
      expect(zips).toHaveLength(1);
      // The storage holds the upload, its test sample and the one zip: nothing a killed run left.
      expect(readdirSync(storageDir).sort()).toEqual([...uploads].sort());
    } finally {
      if (server) await killServerProcess(server.child);
      await database.drop();
    }
  });
});
