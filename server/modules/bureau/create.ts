import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type * as S from '../../../contract/bureau/schemas';
import { testSampleLines, type InputField } from '../../../contract/bureau/entities';
import { badRequest, conflict, notFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import { findUpload } from '../files/index';
import { defaultOutputGroups, defaultSuppression } from './catalogue';
import { fileView, ownBureauAccount, type BureauCaller, type BureauDeps } from './files';
import * as Q from './queries';
import { fileMessages, mappingFor } from './sample';
import type { FileEncoding } from '../../engines/cleanse/encoding';
import type { Delimiter } from '../../engines/cleanse/shape';
import { checkTestFile, readUpload } from './uploadReader';

// POST /files: a bureau file from a completed upload of the caller's. Everything is read and checked
// before anything is written: an empty or binary file, or one with no data rows, is a 400 and
// leaves no row and no stored sample behind.

export const uploadMessages = {
  notFound: 'Upload not found: upload the file first (GET /upload/begin, POST /upload/chunk, GET /upload/end)',
  notComplete: 'This upload is not complete yet: end it (GET /upload/end) first',
  template: 'The template file has other columns than this file: choose a file with the same columns',
  maf: 'Choose a reference file of your territory (GET /mafs)',
} as const;

/** The caller's complete upload in the session's account (404 for anyone else's). */
async function completeUpload(deps: BureauDeps, caller: BureauCaller, accountId: number, id: string) {
  const upload = await findUpload(deps.db, { id, userId: caller.user.id, accountId, territory: 'uk' });
  if (!upload) throw notFound(uploadMessages.notFound);
  if (upload.status !== 'complete') throw conflict(uploadMessages.notComplete);
  return upload;
}

/** The stored bytes of an upload (404 once they are gone). */
async function openUpload(deps: BureauDeps, id: string) {
  const opened = await deps.fileStorage.readFile(id);
  if (!opened) throw notFound(uploadMessages.notFound);
  return opened.stream;
}

/** `bytes` in pieces of 256 KiB: each hashed and written in a step of its own. */
function* piecesOf(bytes: Uint8Array) {
  for (let at = 0; at < bytes.length; at += 262_144) yield bytes.subarray(at, at + 262_144);
}

/** The reference file of a UK file: the one asked for when it is an active UK maf, else the first. */
export async function ukMaf(deps: Pick<BureauDeps, 'db'>, mafId: number | undefined): Promise<number> {
  const mafs = await Q.activeMafs(deps.db, 'uk');
  const found = mafId === undefined ? mafs[0] : mafs.find((m) => m.id === mafId);
  if (!found) throw badRequest(uploadMessages.maf);
  return found.id;
}

/**
 * Reads an upload in a worker (uploadReader.ts): the first chunk checked against fileLimits, sampled
 * and mapped (a saved mapping of the same columns when there is one, else automatically) in the
 * encoding asked for or detected, and the records counted; a given test file's first chunk checked
 * too, in the same encoding. 400 for a file refused or with no readable rows.
 */
export async function readFile(
  deps: BureauDeps,
  accountId: number,
  options: { upload: { id: string }; given: { id: string } | null; delimiter?: Delimiter; hasHeader?: boolean; encoding?: FileEncoding; templateFileId?: number; exceptFileId?: number },
) {
  const { chunkBytes } = deps.config.files;
  const { chunk, counted } = await readUpload(await openUpload(deps, options.upload.id), { chunkBytes, delimiter: options.delimiter, hasHeader: options.hasHeader, encoding: options.encoding });
  if (counted.rows === 0) throw badRequest(counted.records === 0 ? fileMessages.noRows : `${fileMessages.noRows} (${counted.errors} malformed records and none readable)`);
  if (options.given) await checkTestFile(await openUpload(deps, options.given.id), { chunkBytes, delimiter: chunk.delimiter, encoding: chunk.encoding });

  let template: { id: number; fields: InputField[] } | null = null;
  if (options.templateFileId !== undefined) {
    const t = await Q.findFile(deps.db, options.templateFileId, accountId);
    if (!t) throw notFound('Template file not found');
    if (t.column_signature !== chunk.signature) throw badRequest(uploadMessages.template);
    template = { id: t.id, fields: t.input_fields };
  } else {
    const [newest] = await Q.filesWithSignature(deps.db, accountId, chunk.signature, options.exceptFileId);
    const t = newest && (await Q.findFile(deps.db, newest.id, accountId));
    if (t) template = { id: t.id, fields: t.input_fields };
  }
  return { chunk, counted, template, inputFields: mappingFor(chunk, template?.fields ?? null) };
}

/** Stores the test sample the server made (UTF-8) as a complete upload of the caller's; its id. */
export async function storeSample(deps: BureauDeps, caller: BureauCaller, accountId: number, name: string, sample: Uint8Array): Promise<string> {
  const now = secondsOf(deps.clock);
  const id = randomBytes(16).toString('hex');
  const stored = await deps.fileStorage.writeFile(id, piecesOf(sample));
  await Q.insertUpload(deps.db, {
    id, user_id: caller.user.id, account_id: accountId, territory: 'uk', file_prefix: `${name.slice(0, 240)} (test sample)`,
    status: 'complete', declared_bytes: stored.bytes, chunk_count: 1, bytes: stored.bytes, sha256: stored.sha256, created_at: now, updated_at: now,
  });
  return id;
}

export async function createFile(
  deps: BureauDeps,
  caller: BureauCaller,
  body: z.output<typeof S.createFile.body>,
): Promise<z.input<typeof S.createFile.response>> {
  const accountId = await ownBureauAccount(deps, caller);
  const upload = await completeUpload(deps, caller, accountId, body.fileServerId);
  const given = body.testFileServerId === undefined ? null : await completeUpload(deps, caller, accountId, body.testFileServerId);
  const mafId = await ukMaf(deps, body.mafId);

  const { chunk, counted, template, inputFields } = await readFile(deps, accountId, { upload, given, delimiter: body.delimiter, hasHeader: body.hasHeader, templateFileId: body.templateFileId });
  const test = given ? { id: given.id, rows: testSampleLines } : { id: await storeSample(deps, caller, accountId, body.name, chunk.sample), rows: chunk.sampleRows };
  const now = secondsOf(deps.clock);
  const row = await deps.db.transaction().execute((trx) =>
    Q.insertFile(trx, {
      account_id: accountId,
      user_id: caller.user.id,
      territory: 'uk',
      name: body.name,
      upload_id: upload.id,
      test_upload_id: test.id,
      delimiter: chunk.delimiter,
      has_header: chunk.hasHeader,
      use_quotes: body.useQuotes,
      encoding: chunk.encoding,
      detected_encoding: chunk.detectedEncoding,
      test_encoding: given ? chunk.encoding : null,
      test_lines: given ? null : JSON.stringify(chunk.sampleLines),
      row_count: counted.records,
      test_row_count: test.rows,
      column_signature: chunk.signature,
      template_file_id: template?.id ?? null,
      input_fields: JSON.stringify(inputFields),
      maf_id: mafId,
      use_paf: body.usePAF ?? true,
      suppression: JSON.stringify(defaultSuppression(mafId)),
      output_groups: JSON.stringify(defaultOutputGroups()),
      progress_total: counted.records,
      created_at: now,
      updated_at: now,
    }),
  );
  return fileView(deps, row);
}
