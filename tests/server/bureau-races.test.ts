// Two calls on one bureau file at once, on PostgreSQL: the second call's first read of the file is
// held (tests/server/queryGate.ts) while the whole first call runs, then let go. What the second
// decides must still hold for the file as the first left it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './groups-fixtures';
import { createHarness, query, type Harness } from './harness';
import { queryGate } from './queryGate';
import { bureau, bureauWorld, insertFile, type World } from './bureau-money-fixtures';

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
const suppress = (fileId: number, suppressGroupId: number, suppressSetting: string) =>
  call(h, w.owner, bureau('PUT', '/files/suppressionsettings', { fileId }, { suppressGroupId, suppressSetting }));

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
