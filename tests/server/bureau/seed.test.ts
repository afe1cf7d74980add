import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteFile, getFile, listFiles } from '../../../contract/bureau/endpoints';
import { depsOf } from '../../../server/app';
import { demoPassword, seedDemo } from '../../../server/seed';
import { demoBureauFile, seedBureauDemo } from '../../../server/seedBureau';
import { bureau, createBureauHarness } from './fixtures';
import { okBody } from '../support/api';
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
    const list = okBody(await calls.api(listFiles));
    expect(list).toEqual([expect.objectContaining({ name: demoBureauFile.name, status: 'ready', rowCount: demoBureauFile.rows })]);
    const file = okBody(await calls.api(getFile, { query: { fileId: list[0].id } }));
    expect(file.mafId).not.toBeNull();
    expect(file.inputFields.map((f) => f.mappingType)).toEqual(['name', 'organisation', 'address', 'address', 'address', 'town', 'postcode']);
    expect(file.inputFields[6].row1).toMatch(/^[A-Z]{1,2}\d{1,2} ?\d[A-Z]{2}$/);
  });

  it('is seeded once: deleted, it stays deleted', async () => {
    const calls = await asOwner();
    const [file] = okBody(await calls.api(listFiles));
    expect((await calls.api(deleteFile, { query: { fileId: file.id } })).status).toBe(200);
    expect(await seedBureauDemo(depsOf(h.app))).toBe(false);
    expect(okBody(await calls.api(listFiles))).toEqual([]);
  });
});
