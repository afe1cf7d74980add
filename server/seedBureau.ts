import { randomBytes } from 'node:crypto';
import { ukCustomerCsv } from './engines/address/customerCsv';
import { secondsOf } from './platform/clock';
import { createFile, insertUpload, listFiles, putInputFields, type BureauDeps } from './modules/bureau/index';

// The demo's bureau file: Acme UK (Olive Owner) has one small customer file, uploaded and its columns
// mapped, so /applications/addresscleanse lists a file and its page runs the free test at once. It
// goes through the real file store and the real POST /files and PUT /files/inputfields code, after
// the demo seed (which runs without the file store). Once: a marker in settings keeps a file the
// user deleted from coming back.

const markerKey = 'demo_bureau_file';
export const demoBureauFile = { name: 'Acme customers (demo).csv', rows: 120 };

export async function seedBureauDemo(deps: BureauDeps): Promise<boolean> {
  const { db } = deps;
  if (await db.selectFrom('settings').select('value').where('key', '=', markerKey).executeTakeFirst()) return false;
  const owner = await db.selectFrom('users').select(['id', 'roles']).where('user_name', '=', 'owner@example.com').executeTakeFirst();
  const account = await db.selectFrom('groups').select('id').where('name', '=', 'Acme UK').where('type', '=', 'account').executeTakeFirst();
  const skip = !owner || !account || (await listFiles(db, account.id)).length > 0;
  if (!skip) {
    const caller = { user: { id: owner.id, roles: owner.roles }, accountId: account.id };
    const bytes = Buffer.from(ukCustomerCsv(demoBureauFile.rows), 'utf8');
    const id = randomBytes(16).toString('hex');
    const stored = await deps.fileStorage.writeFile(id, [bytes]);
    const now = secondsOf(deps.clock);
    await insertUpload(db, {
      id, user_id: owner.id, account_id: account.id, territory: 'uk', file_prefix: demoBureauFile.name,
      status: 'complete', declared_bytes: stored.bytes, chunk_count: 1, bytes: stored.bytes, sha256: stored.sha256, created_at: now, updated_at: now,
    });
    const file = await createFile(deps, caller, { fileServerId: id, name: demoBureauFile.name, useQuotes: true });
    const inputFields = file.inputFields.map(({ inputOrder, mappingType, mappingOrder }) => ({ inputOrder, mappingType, mappingOrder }));
    await putInputFields(deps, caller, { query: { fileId: file.id }, body: { inputFields } });
  }
  await db.insertInto('settings').values({ key: markerKey, value: '1' }).onConflict((oc) => oc.column('key').doNothing()).execute();
  return !skip;
}
