// Two calls on one bureau file at once, on PostgreSQL: the second call's read of the file is held
// (tests/server/support/queryGate.ts) while the whole first call runs, then let go. What the second decides
// must still hold for the file as the first left it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Bureau from '../../../contract/bureau/endpoints';
import type { BodyOf } from '../../../contract/endpoint';
import { depsOf } from '../../../server/app';
import { sweepRetention } from '../../../server/modules/bureau/retention';
import { call } from '../support/api';
import { createHarness, query, type Harness } from '../support/harness';
import { queryGate } from '../support/queryGate';
import { bureauWorld, insertFile, type World } from './money-fixtures';

let h: Harness;
let w: World;

const gate = queryGate();

beforeAll(async () => {
  h = await createHarness({ dbPlugin: gate.plugin });
  w = await bureauWorld(h);
}, 60_000);
afterAll(() => h?.close());

const fileRow = async (fileId: number) =>
  (await query<{ maf_id: number; suppression: Record<string, string>; settings_version: number }>(h.db,
    'select maf_id, suppression, settings_version from bureau_files where id = $1', [fileId])).rows[0];
const newFile = () => insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results: null });
const suppress = (fileId: number, suppressGroupId: number, suppressSetting: BodyOf<typeof Bureau.putFileSuppression>['suppressSetting']) =>
  call(h, w.owner, Bureau.putFileSuppression, { query: { fileId }, body: { suppressGroupId, suppressSetting } });

// PostgreSQL only (see queryGate).
describe.runIf(process.env.DATABASE_URL)('two settings changes of one file at once', () => {
  it('keeps both suppression lists when the whole first change runs inside the second', async () => {
    // The second change was worked out from the file it read before the first committed, and
    // written under the lock over the first: the first list's setting was lost.
    const fileId = await newFile();
    const { held, release } = gate.hold(['bureau_files']);
    const second = suppress(fileId, 101, 'suppress');
    await held;
    const a = await suppress(fileId, 103, 'flag');
    release();
    const b = await second;
    expect([a.status, b.status]).toEqual([200, 200]);
    const file = await fileRow(fileId);
    expect(file.suppression).toMatchObject({ 101: 'suppress', 103: 'flag' });
    expect(file.settings_version).toBe(2);
  });
});

describe.runIf(process.env.DATABASE_URL)('the retention sweep beside a call on the file', () => {
  it('keeps a file the owner queued for results after the sweep listed it as old', async () => {
    // The sweep listed the files past their upload days, then deleted each under its lock without
    // asking again: a file queued for results meanwhile was deleted under its results job.
    const fileId = await newFile();
    await query(h.db, 'update bureau_files set created_at = created_at - 31 * 86400 where id = $1', [fileId]);
    // The sweep reads the files twice: old results first (let through), then old uploads (held).
    const results = gate.hold(['bureau_files']);
    const sweep = sweepRetention(depsOf(h.app));
    await results.held;
    const uploads = gate.hold(['bureau_files']);
    results.release();
    await uploads.held;
    const queued = await call(h, w.owner, Bureau.createResults, { query: { fileId } });
    uploads.release();
    await sweep;
    expect(queued.status).toBe(200);
    expect((await query<{ status: string }>(h.db, 'select status from bureau_files where id = $1', [fileId])).rows).toEqual([{ status: 'queued' }]);
  });

  it('keeps results whose owner kept them for longer after the sweep listed them as old', async () => {
    // The sweep listed the results past their days, then under the lock asked only whether the file
    // still had results: results the owner had just decided to keep for longer were thrown away.
    const fileId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id });
    await query(h.db,
      `insert into uploads (id, user_id, account_id, territory, file_prefix, status, chunk_count, bytes, sha256, created_at, updated_at)
       select 'zip-' || id, user_id, account_id, territory, 'results', 'complete', 0, 1, $2, created_at, created_at from bureau_files where id = $1`,
      [fileId, '0'.repeat(64)]);
    await query(h.db, `update bureau_files set results_upload_id = 'zip-' || id, results_at = results_at - 40 * 86400 where id = $1`, [fileId]);
    const { held, release } = gate.hold(['bureau_files']);
    const sweep = sweepRetention(depsOf(h.app));
    await held;
    const kept = await call(h, w.owner, Bureau.putRetention, { query: { accountId: w.ukAccount }, body: { uploadDays: 90, resultDays: 90 } });
    release();
    await sweep;
    expect(kept.status).toBe(200);
    expect((await query(h.db, 'select status, results_upload_id from bureau_files where id = $1', [fileId])).rows).toEqual([{ status: 'results', results_upload_id: `zip-${fileId}` }]);
  });
});
