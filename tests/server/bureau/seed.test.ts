import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BureauFile, FileSummary } from '../../../contract/bureau/entities';
import { depsOf } from '../../../server/app';
import { demoPassword, seedDemo } from '../../../server/seed';
import { demoBureauFile, seedBureauDemo } from '../../../server/seedBureau';
import { bureau, createBureauHarness } from './fixtures';
import { query, type Harness } from '../support/harness';

// The demo's bureau file: Acme UK's owner finds one small uploaded file with its columns mapped,
// through the real calls; it is seeded once, and a deleted one does not come back.

let h: Harness;
beforeAll(async () => {
  h = await createBureauHarness();
  await seedDemo(h.db);
});
afterAll(() => h?.close());

async function asOwner() {
  const account = (await query<{ id: number }>(h.db, `select id from groups where name = 'Acme UK' and type = 'account'`)).rows[0].id;
  const auth = await h.login('owner@example.com', demoPassword, { accId: String(account) });
  return bureau(h, h.bearer(auth.jwt));
}

describe('the demo bureau file', () => {
  it('gives Acme UK one uploaded, mapped file of UK addresses', async () => {
    expect(await seedBureauDemo(depsOf(h.app))).toBe(true);
    const calls = await asOwner();
    const list = (await calls.call('GET', '/files')).json<FileSummary[]>();
    expect(list).toEqual([expect.objectContaining({ name: demoBureauFile.name, status: 'ready', rowCount: demoBureauFile.rows })]);
    const file = (await calls.call('GET', '/files/detail', { fileId: list[0].id })).json<BureauFile>();
    expect(file.mafId).not.toBeNull();
    expect(file.inputFields.map((f) => f.mappingType)).toEqual(['name', 'organisation', 'address', 'address', 'address', 'town', 'postcode']);
    expect(file.inputFields[6].row1).toMatch(/^[A-Z]{1,2}\d{1,2} ?\d[A-Z]{2}$/);
  });

  it('is seeded once: deleted, it stays deleted', async () => {
    const calls = await asOwner();
    const [file] = (await calls.call('GET', '/files')).json<FileSummary[]>();
    expect((await calls.call('DELETE', '/files', { fileId: file.id })).statusCode).toBe(200);
    expect(await seedBureauDemo(depsOf(h.app))).toBe(false);
    expect((await calls.call('GET', '/files')).json<FileSummary[]>()).toEqual([]);
  });
});
