import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type * as S from '../../../contract/bureau/schemas';
import type { FileStatus, InputField } from '../../../contract/bureau/entities';
import type { Trx } from '../../db';
import type { BureauFilesTable } from '../../db/bureauSchema';
import { badRequest, notFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import { acceptOutputGroups, dedupeLevelOf, defaultSuppression, suppressionGroupsOf } from './catalogue';
import { readFile, storeSample, ukMaf, uploadMessages } from './create';
import { mappingFor } from './sample';
import type { FileEncoding } from '../../engines/cleanse/encoding';
import { sampleOptionsOf } from './cleanse';
import { assertChangeable, fileView, ownFile, type BureauCaller, type BureauDeps } from './files';
import * as Q from './queries';
import { parseDelimited } from '../../engines/cleanse/parse';

// The settings of a file (spec section 7, Bureau: the PUTs of mapping, reference file, PAF, dedupe,
// suppression and output groups). Each change is checked, bumps settings_version (so a test or a
// results run made for the old settings is known to be stale) and is refused with 409 while
// results are queued or running, once they are paid for, or while a payment for them is under way.
// Results made but not paid for are discarded by a change (the zip is deleted, the file is ready
// again): the results would no longer say what the settings say.

/** Works out the new values from the locked file, reading the database through `trx` only. */
type Change = (file: Q.FileRow, trx: Trx) => Promise<Updateable<BureauFilesTable>> | Updateable<BureauFilesTable>;
type FileQuery = { fileId: number };

/**
 * Applies a settings change under the file's row lock; the old results' zip is removed after commit.
 * The change is worked out from the locked row, not from the row read first: worked out from that
 * one, a change made meanwhile by another call (another suppression list, another reference file)
 * would be written over and lost, or a list of the old reference file kept beside the new one.
 */
export async function changeSettings(deps: BureauDeps, caller: BureauCaller, query: FileQuery, change: Change, status?: FileStatus) {
  const owned = await ownFile(deps.db, caller.user, query.fileId);
  const { row, zip } = await deps.db.transaction().execute(async (trx) => {
    const file = await Q.lockFile(trx, owned.id);
    if (!file) throw notFound('File not found');
    await assertChangeable({ db: trx }, file);
    const values = await change(file, trx);
    const zip = file.results_upload_id;
    const next: FileStatus = status ?? (file.status === 'mapping' ? 'mapping' : 'ready');
    const updated = await Q.updateFile(trx, file.id, {
      ...values,
      status: next,
      settings_version: file.settings_version + 1,
      results_upload_id: null,
      progress_done: 0,
      failure: null,
      updated_at: secondsOf(deps.clock),
    });
    await Q.deleteUploads(trx, zip ? [zip] : []);
    return { row: updated!, zip };
  });
  if (zip) await deps.fileStorage.delete(zip);
  return fileView(deps, row);
}

/** The header and first two rows of the stored test sample, read with `hasHeader` (the rest is not parsed). */
async function sampleRows(deps: BureauDeps, file: Q.FileRow, hasHeader: boolean) {
  const sample = file.test_upload_id ? await deps.fileStorage.readFile(file.test_upload_id) : null;
  if (!sample) throw notFound('The test sample of this file is no longer kept: upload the file again');
  const seen: { header: string[] | null } = { header: null };
  const rows: string[][] = [];
  for await (const item of parseDelimited(sample.stream, { ...sampleOptionsOf(file), hasHeader, onMeta: (m) => (seen.header = m.header) })) {
    if (item.kind === 'row') rows.push(item.fields);
    if (rows.length === 2) break;
  }
  sample.stream.destroy();
  return { header: seen.header, rows };
}

export function putInputFields(deps: BureauDeps, caller: BureauCaller, input: { query: FileQuery; body: z.output<typeof S.putInputFields.body> }) {
  return changeSettings(
    deps,
    caller,
    input.query,
    async (file, trx) => {
      const { body } = input;
      let fields = file.input_fields;
      let templateId = file.template_file_id;
      if (body.templateFileId !== undefined) {
        const t = await Q.findFile(trx, body.templateFileId, file.account_id);
        if (!t) throw notFound('Template file not found');
        if (t.column_signature !== file.column_signature) throw badRequest(uploadMessages.template);
        fields = fields.map((f) => {
          const saved = t.input_fields.find((s) => s.inputOrder === f.inputOrder);
          return saved ? { ...f, mappingType: saved.mappingType, mappingOrder: saved.mappingOrder } : f;
        });
        templateId = t.id;
      }
      const hasHeader = body.hasHeader ?? file.has_header;
      let rowCount = file.row_count;
      if (hasHeader !== file.has_header) {
        const { header, rows } = await sampleRows(deps, file, hasHeader);
        fields = fields.map((f) => ({ ...f, name: header?.[f.inputOrder] ?? `Column ${f.inputOrder + 1}`, row1: rows[0]?.[f.inputOrder] ?? '', row2: rows[1]?.[f.inputOrder] ?? '' }));
        rowCount += hasHeader ? -1 : 1;
      }
      if (body.templateFileId === undefined) fields = applyMapping(fields, body.inputFields);
      if (!fields.some((f) => f.mappingType === 'address' || f.mappingType === 'postcode')) throw badRequest('Map at least one address line or the postcode');
      return { input_fields: JSON.stringify(fields), template_file_id: templateId, has_header: hasHeader, row_count: rowCount, progress_total: rowCount };
    },
    'ready',
  );
}

/**
 * The file read again in another encoding (the mapping page's choice): its sample, columns, header,
 * delimiter and record count as that encoding reads them. The reading (the whole file, in a worker)
 * is done before the row is locked; a new test sample the server made replaces the old one. When
 * the columns are still the same the mapping is kept (with the new sample rows); otherwise the
 * file is mapped again and waits for the mapping to be confirmed.
 */
export async function putEncoding(deps: BureauDeps, caller: BureauCaller, input: { query: FileQuery; body: { encoding: FileEncoding } }) {
  const file = await ownFile(deps.db, caller.user, input.query.fileId);
  await assertChangeable(deps, file);
  const { encoding } = input.body;
  const given = file.test_encoding !== null && file.test_upload_id !== null ? { id: file.test_upload_id } : null;
  const read = await readFile(deps, file.account_id, { upload: { id: file.upload_id }, given, encoding, exceptFileId: file.id });
  const { chunk, counted } = read;
  const sample = given ? null : await storeSample(deps, caller, file.account_id, file.name, chunk.sample);
  const same = chunk.signature === file.column_signature;
  let old: string | null = null;
  try {
    const view = await changeSettings(
      deps,
      caller,
      input.query,
      (locked) => {
        old = sample ? locked.test_upload_id : null;
        return {
          encoding,
          delimiter: chunk.delimiter,
          has_header: chunk.hasHeader,
          row_count: counted.records,
          progress_total: counted.records,
          column_signature: chunk.signature,
          input_fields: JSON.stringify(same ? mappingFor(chunk, locked.input_fields) : read.inputFields),
          template_file_id: same ? locked.template_file_id : (read.template?.id ?? null),
          ...(sample ? { test_upload_id: sample, test_row_count: chunk.sampleRows, test_encoding: null, test_lines: JSON.stringify(chunk.sampleLines) } : { test_encoding: encoding }),
        };
      },
      same ? undefined : 'mapping',
    );
    if (old) await removeUpload(deps, old);
    return view;
  } catch (error) {
    if (sample) await removeUpload(deps, sample);
    throw error;
  }
}

async function removeUpload(deps: BureauDeps, id: string) {
  await Q.deleteUploads(deps.db, [id]);
  await deps.fileStorage.delete(id);
}

/** The columns' new types and orders; a column left out keeps its mapping. */
function applyMapping(fields: readonly InputField[], given: z.output<typeof S.putInputFields.body>['inputFields']): InputField[] {
  const seen = new Set<number>();
  for (const g of given) {
    if (g.inputOrder >= fields.length) throw badRequest(`Column ${g.inputOrder} is not in the file: it has ${fields.length} columns (0 to ${fields.length - 1})`);
    if (seen.has(g.inputOrder)) throw badRequest(`Column ${g.inputOrder} is mapped twice`);
    seen.add(g.inputOrder);
  }
  const next = fields.map((f) => {
    const g = given.find((x) => x.inputOrder === f.inputOrder);
    return g ? { ...f, mappingType: g.mappingType, mappingOrder: g.mappingType === 'ignore' ? 0 : g.mappingOrder } : f;
  });
  for (const single of ['town', 'county', 'postcode'] as const) {
    if (next.filter((f) => f.mappingType === single).length > 1) throw badRequest(`Map one column to ${single}: join the others into it or ignore them`);
  }
  return next;
}

export const putMafSettings = (deps: BureauDeps, caller: BureauCaller, input: { query: FileQuery; body: { mafId: number } }) =>
  changeSettings(deps, caller, input.query, async (file, trx) => {
    const mafId = await ukMaf({ db: trx }, input.body.mafId);
    return mafId === file.maf_id ? { maf_id: mafId } : { maf_id: mafId, suppression: JSON.stringify(defaultSuppression(mafId)) };
  });

export const putAddressSettings = (deps: BureauDeps, caller: BureauCaller, input: { query: FileQuery; body: { usePAF: boolean } }) =>
  changeSettings(deps, caller, input.query, () => ({ use_paf: input.body.usePAF }));

export const putDedupeSettings = (deps: BureauDeps, caller: BureauCaller, input: { query: FileQuery; body: z.output<typeof S.putDedupeSettings.body> }) =>
  changeSettings(deps, caller, input.query, () => ({ dedupe_level: dedupeLevelOf(input.body.settingId, input.body.settingField) }));

export const putDedupeSeparateFile = (deps: BureauDeps, caller: BureauCaller, input: { query: FileQuery; body: { separateFile: boolean } }) =>
  changeSettings(deps, caller, input.query, () => ({ separate_file: input.body.separateFile }));

export const putFileSuppression = (deps: BureauDeps, caller: BureauCaller, input: { query: FileQuery; body: z.output<typeof S.putFileSuppression.body> }) =>
  changeSettings(deps, caller, input.query, (file) => {
    const groups = file.maf_id === null ? [] : suppressionGroupsOf(file.maf_id);
    const { suppressGroupId, suppressSetting } = input.body;
    if (!groups.some((g) => g.suppressGroupId === suppressGroupId)) {
      throw badRequest(`Suppression group ${suppressGroupId} is not a list of this file's reference file: its lists are ${groups.map((g) => `${g.suppressGroupId} (${g.name})`).join(', ')}`);
    }
    return { suppression: JSON.stringify({ ...file.suppression, [String(suppressGroupId)]: suppressSetting }) };
  });

export const putFileOutputGroups = (deps: BureauDeps, caller: BureauCaller, input: { query: FileQuery; body: { outputGroupIds: number[] } }) =>
  changeSettings(deps, caller, input.query, () => ({ output_groups: JSON.stringify(acceptOutputGroups(input.body.outputGroupIds)) }));
