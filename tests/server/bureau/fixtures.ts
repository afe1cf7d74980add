// Shared by the bureau tests: a harness whose file server keeps files in a fresh folder
// and whose reference data is a small generated sample, an owner signed in to a UK account, the
// upload of a file through the real file server, the bureau calls, and (from tests/support) a small zip reader.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createFile, createResults, getResults } from '../../../contract/bureau/endpoints';
import type { BodyOf } from '../../../contract/endpoint';
import { filesUk } from '../../../contract/files/endpoints';
import { fileLimits, type BureauFile, type FileStatus } from '../../../contract/bureau/entities';
import type { Territory } from '../../../contract/shared/territory';
import { depsOf } from '../../../server/app';
import type { AddressIndex } from '../../../server/engines/address/index';
import { referenceAddress } from '../../../server/engines/cleanse/suppress';
import { call, okBody, urlOf, type CallArgs, type Entry } from '../support/api';
import { createHarness, type Harness } from '../support/harness';
import { chunksOf, fileServer, sha256 } from '../support/uploads';
import { signedInOwner } from '../support/calls';
export { unzip } from '../../support/unzip';

/** Chunks of 64 KiB: a file of a few thousand rows has several, and its first chunk is a part of it. */
export const bureauChunkBytes = 65_536;
/** Shared across the test files of one run: the generated reference sample is made once per folder. */
const dataDir = join(tmpdir(), 'bureau-tests-address');

export async function createBureauHarness(env: Record<string, string> = {}): Promise<Harness & { storageDir: string }> {
  const storageDir = mkdtempSync(join(tmpdir(), 'bureau-uploads-'));
  const h = await createHarness({
    env: { FILE_STORAGE_DIR: storageDir, UPLOAD_CHUNK_BYTES: String(bureauChunkBytes), DATA_DIR: dataDir, ADDRESS_SAMPLE_SIZE: '3000', BUREAU_PROGRESS_ROWS: '200', BUREAU_JOB_RETRY_DELAY_SECONDS: '0', ...env },
  });
  await depsOf(h.app).addressDatasets.start();
  const close = h.close;
  return Object.assign(h, {
    storageDir,
    async close() {
      await close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  });
}

export const ukIndex = (app: FastifyInstance): AddressIndex => {
  const index = depsOf(app).addressDatasets.state('uk').index;
  if (!index) throw new Error('The UK reference data is not loaded');
  return index;
};

/** A CSV line of a reference address (as the reference has it), with a name; fields quoted when they need it. */
export function csvLine(fields: readonly string[], delimiter = ','): string {
  return fields.map((f) => (/[",\r\n;|\t]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(delimiter);
}

/** Name, Address 1..3, Town, Postcode of reference record `id`. */
export function referenceRow(index: AddressIndex, id: number, name = 'Alex Example'): string[] {
  const a = referenceAddress(index, id, name);
  return [a.name, a.lines[0] ?? '', a.lines[1] ?? '', a.lines[2] ?? '', a.town, a.postcode];
}
export const referenceHeader = ['Name', 'Address 1', 'Address 2', 'Address 3', 'Town', 'Postcode'];

/** A wide file: `columns` short columns, a header and two rows (400,000 of them: 3.5 MB). */
export function wideCsv(columns: number): Buffer {
  const header = Array.from({ length: columns }, (_, c) => `c${c.toString(36)}`).join(',');
  const row = new Array<string>(columns).fill('x').join(',');
  return Buffer.from(`${header}\n${row}\n${row}\n`);
}

/**
 * The widest file accepted, as large as the first chunk and past it: 1,000 columns (a name and
 * address, and 994 more), rows of about 10 KB, 12 MB in all, so the first chunk is full (10 MB, 300
 * sample rows of 1,000 columns to map) and the count reads on past it. Made once.
 */
let widest: Buffer | null = null;
export function widestAccepted(app: FastifyInstance): Buffer {
  widest ??= makeWidest(ukIndex(app));
  return widest;
}
function makeWidest(index: AddressIndex): Buffer {
  const extra = fileLimits.columns - referenceHeader.length;
  const header = [...referenceHeader, ...Array.from({ length: extra }, (_, c) => `Extra ${c + 1}`)];
  const lines = [csvLine(header)];
  let bytes = lines[0].length;
  for (let i = 0; bytes < 12_000_000; i++) {
    const line = csvLine([...referenceRow(index, (i * 7) % index.size, `Person ${i}`), ...Array.from({ length: extra }, (_, c) => `v${i}-${c}`)]);
    lines.push(line);
    bytes += line.length + 2;
  }
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

/** Uploads `file` through the file server in chunks (of the harness's size: `chunkBytes`) and returns its fileServerId. */
export async function upload(app: FastifyInstance, headers: Record<string, string>, file: Buffer, name = 'customers.csv', territory: Territory = 'uk', chunkBytes = bureauChunkBytes): Promise<string> {
  const server = fileServer(app, headers, territory);
  const begun = await server.begin(name, file.length);
  if (begun.statusCode !== 200) throw new Error(`begin: ${begun.statusCode} ${begun.body}`);
  const { fileId } = begun.json<{ fileId: string }>();
  for (const [idx, chunk] of chunksOf(file, chunkBytes).entries()) {
    const r = await server.chunk(fileId, idx, chunk);
    if (r.statusCode !== 200) throw new Error(`chunk ${idx}: ${r.statusCode} ${r.body}`);
  }
  const end = await server.end(fileId, sha256(file));
  if (end.statusCode !== 200) throw new Error(`end: ${end.statusCode} ${end.body}`);
  return fileId;
}

/** A results zip from the file server, read as bytes: with the owner's headers, or on a ?token= link (no headers). */
export const zipOf = (app: FastifyInstance, headers: Record<string, string>, fileServerId: string, token?: string) =>
  app.inject({ method: 'GET', url: urlOf(filesUk.downloadFile, { params: { id: fileServerId } }), headers: token ? {} : headers, query: token ? { token } : {} });

/** The bureau calls as one signed-in user. */
export function bureau(h: Harness, headers: Record<string, string>) {
  /** The harness's app, every request sent with the user's headers. */
  const asUser = { inject: (request: InjectOptions) => h.inject({ ...request, headers: { ...request.headers, ...headers } }) };
  /** A request built by hand, for the tests that send the bureau server what its contract refuses to type. */
  const sendRaw = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, query: Record<string, string | number> = {}, payload?: object) =>
    h.app.inject({ method, url: `/api/bureau${url}`, headers, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), ...(payload ? { payload } : {}) });
  return {
    h,
    headers,
    /** Calls a contract entry as the user (./../support/api.ts `call`). */
    api: <E extends Entry>(entry: E, ...input: CallArgs<E>) => call(asUser, null, entry, ...input),
    sendRaw,
    async create(body: BodyOf<typeof createFile>): Promise<BureauFile> {
      return okBody(await call(asUser, null, createFile, { body }));
    },
    /** PUT /files/createresults and wait until the job leaves queued/running. */
    async results(fileId: number, timeoutMs = 60_000) {
      okBody(await call(asUser, null, createResults, { query: { fileId } }));
      return waitForStatus({ h, headers }, fileId, ['results', 'failed'], timeoutMs);
    },
  };
}
export type Bureau = ReturnType<typeof bureau>;

/** Reads GET /files/results as the user until the file is in one of `statuses`. */
export async function waitForStatus(as: Pick<Bureau, 'h' | 'headers'>, fileId: number, statuses: FileStatus[], timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = okBody(await call(as.h, null, getResults, { query: { fileId }, headers: as.headers }));
    if (statuses.includes(body.status)) return body;
    if (Date.now() > deadline) throw new Error(`The file stayed ${body.status}: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** An owner of a UK account with a file uploaded and made a bureau file. */
export async function ownerWithFile(h: Harness, csv: string | Buffer, body: Partial<BodyOf<typeof createFile>> = {}) {
  const owner = await signedInOwner(h, 'uk');
  const b = bureau(h, owner.headers);
  const fileServerId = await upload(h.app, owner.headers, Buffer.isBuffer(csv) ? csv : Buffer.from(csv, 'utf8'));
  const file = await b.create({ fileServerId, name: 'Customers', ...body });
  return { ...owner, b, file, fileServerId };
}

/** CSV text of an output file: its lines without the BOM, the header first. */
export const csvLines = (file: Buffer | undefined) => (file ?? Buffer.alloc(0)).toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
