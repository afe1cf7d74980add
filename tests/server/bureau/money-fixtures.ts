// Shared by the bureau's money tests: an owner with a UK and an Australian account, bureau
// files written straight into the table with their results (the results job is another module's),
// the pay call with its idempotency key, and an independent reading of the price formula.
import { randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { payResults } from '../../../contract/bureau/endpoints';
import type { FileResults } from '../../../contract/bureau/entities';
import type { BodyOf } from '../../../contract/endpoint';
import { idempotencyKeyHeader } from '../../../contract/shared/shop';
import type { Territory } from '../../../contract/shared/territory';
import { call } from '../support/api';
import { sendRaw, signedIn, type Caller, type Query } from '../support/calls';
import { query, type Harness } from '../support/harness';
import { nowOf } from '../support/catalogue';

export const portal = 'http://localhost';
export const paidUrl = `${portal}/portal/file/results/paid`;
export const backUrl = `${portal}/portal/file/results`;

/** A request to the bureau server (/api/bureau). */
export function bureau(method: InjectOptions['method'], path: string, q: Query = {}, payload?: unknown): InjectOptions {
  const toQuery = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
  return { method, url: `/api/bureau${path}`, query: toQuery, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) };
}

export type World = Awaited<ReturnType<typeof bureauWorld>>;

/** An organisation with a UK and an Australian account, owned by a signed-in user. */
export async function bureauWorld(h: Harness) {
  const owner = await signedIn(h, ['account']);
  const organisationId = await h.createGroup({ name: `Org ${randomUUID().slice(0, 6)}`, type: 'organisation' });
  const ukAccount = await h.createGroup({ name: 'Cleanse UK', type: 'account', parentId: organisationId, territory: 'uk' });
  const auAccount = await h.createGroup({ name: 'Cleanse AU', type: 'account', parentId: organisationId, territory: 'australia' });
  await h.addToGroup(organisationId, owner.id, 'owner');
  return { owner, organisationId, ukAccount, auAccount };
}

/** File results with these counts; the rest follows from them. */
export function resultsOf(counts: { records: number; matched: number; updated: number; child?: number; parent?: number; removed?: number; flagged?: number }): FileResults {
  const unmatched = counts.records - counts.matched - counts.updated;
  const child = counts.child ?? 0;
  const parent = counts.parent ?? 0;
  const removed = counts.removed ?? 0;
  const flagged = counts.flagged ?? 0;
  return {
    inputRecordCount: counts.records,
    outputRecordCount: counts.records - removed,
    codingStats: { matched: counts.matched, updated: counts.updated, unmatched },
    addressUpdateStats: { postcode: counts.updated },
    dedupeStats: { child, parent, unique: counts.records - child - parent },
    suppressionRemovedStats: { deceased: removed, goneAway: 0, mailingPreference: 0 },
    suppressionFlaggedStats: { deceased: 0, goneAway: flagged, mailingPreference: 0 },
    outputGroupStats: { cleansed: counts.records - removed, duplicates: child, suppressed: removed, errors: 0 },
    errorCount: 0,
  };
}

export type FileFields = {
  accountId: number;
  userId: number;
  territory?: Territory;
  status?: string;
  results?: FileResults | null;
  usePaf?: boolean;
  dedupeLevel?: 'address' | 'household' | 'individual' | null;
  suppression?: Record<string, string>;
  resultsAt?: number;
  mafId?: number;
  name?: string;
};

/** A bureau file (and the completed upload it names) as the results job leaves it. */
export async function insertFile(h: Harness, fields: FileFields): Promise<number> {
  const now = nowOf(h);
  const territory = fields.territory ?? 'uk';
  const uploadId = randomBytes(16).toString('hex');
  await query(h.db,
    `insert into uploads (id, user_id, account_id, territory, file_prefix, status, chunk_count, bytes, sha256, created_at, updated_at)
     values ($1, $2, $3, $4, 'customers', 'complete', 1, 100, $5, $6, $6)`,
    [uploadId, fields.userId, fields.accountId, territory, '0'.repeat(64), now]);
  const results = fields.results === undefined ? resultsOf({ records: 2000, matched: 1500, updated: 300 }) : fields.results;
  const status = fields.status ?? (results ? 'results' : 'ready');
  const { rows } = await query<{ id: number }>(h.db,
    `insert into bureau_files (account_id, user_id, territory, name, upload_id, delimiter, has_header, row_count, test_row_count,
        column_signature, input_fields, maf_id, use_paf, dedupe_level, suppression, status, results, results_version, results_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, ',', true, $6, 0, 'sig', '[]', $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) returning id`,
    [
      fields.accountId, fields.userId, territory, fields.name ?? 'customers.csv', uploadId, results?.inputRecordCount ?? 0,
      fields.mafId ?? (territory === 'uk' ? 1 : 2), fields.usePaf ?? true, fields.dedupeLevel ?? null, JSON.stringify(fields.suppression ?? {}),
      status, results ? JSON.stringify(results) : null, results ? 0 : null, results ? (fields.resultsAt ?? now) : null, now,
    ]);
  return rows[0].id;
}

type PayBody = BodyOf<typeof payResults>;

export function payBody(overrides: Partial<PayBody> = {}): PayBody {
  return {
    name: 'Ada Buyer',
    email: 'ada.buyer@example.com',
    companyName: 'Acme Ltd',
    companyAddress: '1 High Street\nLondon\nEC1A 1AA',
    country: 'United Kingdom',
    territory: 'uk',
    backUrl,
    paidUrl,
    ...overrides,
  };
}

/** POST /files/results/pay as `caller` with a fresh (or given) idempotency key. */
export function pay(h: Harness, caller: Caller, fileId: number, body: PayBody = payBody(), key: string = randomUUID()) {
  return call(h, caller, payResults, { query: { fileId }, body, headers: { [idempotencyKeyHeader]: key } });
}

/** The pay call with a body the contract cannot type (a tampered price, extra fields): sent raw. */
export function payRaw(h: Harness, caller: Caller, fileId: number, body: object) {
  return sendRaw(h, caller, { ...bureau('POST', '/files/results/pay', { fileId }, body), headers: { [idempotencyKeyHeader]: randomUUID() } });
}

/** The admin cost rows in force now, read straight from the table, by cost type id. */
export async function currentPrices(h: Harness, territory: Territory) {
  const now = nowOf(h);
  const { rows } = await query<Record<string, string | number>>(h.db,
    `select cost_type_id, base_price, price_per_record, price_per_match, real_price_per_record, real_price_per_match, min_rec_count
       from bureau_costs where territory = $1 and start_date <= $2 and (end_date is null or end_date > $2)`, [territory, now]);
  return new Map(rows.map((row) => [Number(row.cost_type_id), Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]))]));
}

/** The spec's formula written out again, in floating point with half-up rounding, to check the server's. */
export const expectedAmount = (price: Record<string, number>, records: number, matches: number) =>
  price.base_price + Math.floor((Math.max(records, price.min_rec_count) * price.price_per_record + matches * price.price_per_match) / 10000 + 0.5);

/** The gateway page of the payment a pay call started (a file already paid for answers with none). */
export function checkoutUrlOf(started: { checkoutUrl: string | null }): string {
  if (started.checkoutUrl === null) throw new Error('The pay call started no payment');
  return started.checkoutUrl;
}
