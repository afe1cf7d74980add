// The access matrix of the bureau's money and reports (server/modules/bureau/moneyPlugin.ts): each
// of its calls for every demo user on Acme UK. A file's costs and payment are its account's owners'
// (another user's file is 404, so ids cannot be probed); the stats summary is the owners' and
// staff's; the admin calls are admin's and super's. Refused callers change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import * as bureauEndpoints from '../../../contract/bureau/endpoints';
import { accessRefusals } from '../../../contract/shared/access';
import { idempotencyKeyHeader } from '../../../contract/shared/shop';
import { validateFirst } from '../../../server/errors';
import { demoUsers, seedDemo } from '../../../server/seed';
import { sendRaw, type Caller, signInDemoUsers } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { day, nowOf } from '../support/catalogue';
import { bureau, insertFile, payBody } from './money-fixtures';

let h: Harness;
const users = new Map<string, Caller>();
let accountId: number;
let ownerId: number;
let fileId: number;
/** Scheduled prices (Australia, cleansing) to withdraw, one a call, the latest first (each is the newest when withdrawn). */
const scheduledCosts: number[] = [];

beforeAll(async () => {
  h = await createHarness();
  await seedDemo(h.db, nowOf(h));
  for (const [email, caller] of await signInDemoUsers(h)) users.set(email, caller);
  accountId = (await query<{ id: number }>(h.db, "select id from groups where name = 'Acme UK'")).rows[0].id;
  ownerId = users.get('owner@example.com')!.id;
  fileId = await insertFile(h, { accountId, userId: ownerId });
  for (let i = 1; i <= demoUsers.length + 2; i++) {
    const price = { costTypeId: 1, territory: 'australia', basePrice: i, pricePerRecord: 0.1, pricePerMatch: 0, realPricePerRecord: 0, realPricePerMatch: 0, minRecCount: 0, startDate: nowOf(h) + i * day };
    scheduledCosts.push((await sendRaw(h, users.get('super@example.com')!, bureau('POST', '/admin/costs', {}, price))).body.costId);
  }
  // Eight logins (argon2 on purpose) and the whole demo seed: slow on a busy machine.
}, 120_000);
afterAll(() => h?.close());

const admins = ['super', 'admin'];
const range = () => ({ startDate: nowOf(h) - day, endDate: nowOf(h) });
/** Who gets 404 rather than 403: users with no access at all to Acme UK. */
const strangers = ['partner', 'referrer'];

type Target = { fileId: number };
const calls: Partial<Record<keyof typeof bureauEndpoints, { allowed: string[]; fileCall?: true; build: (t: Target) => InjectOptions }>> = {
  getResultCosts: { allowed: ['owner'], fileCall: true, build: (t) => bureau('GET', '/files/results/costs', { fileId: t.fileId }) },
  getFilePrices: { allowed: ['owner'], fileCall: true, build: (t) => bureau('GET', '/files/prices', { fileId: t.fileId }) },
  payResults: {
    allowed: ['owner'],
    fileCall: true,
    build: (t) => ({ ...bureau('POST', '/files/results/pay', { fileId: t.fileId }, payBody()), headers: { [idempotencyKeyHeader]: randomUUID() } }),
  },
  statsSummary: { allowed: ['super', 'admin', 'sales', 'owner'], build: () => bureau('GET', '/stats/summary', { accId: accountId, dateFrom: 0, dateTo: nowOf(h) }) },
  listCosts: { allowed: admins, build: () => bureau('GET', '/admin/costs', { territory: 'uk' }) },
  createCost: {
    allowed: admins,
    build: () => bureau('POST', '/admin/costs', {}, { costTypeId: 3, territory: 'uk', basePrice: 0, pricePerRecord: 0.1, pricePerMatch: 0, realPricePerRecord: 0, realPricePerMatch: 0, minRecCount: 0 }),
  },
  withdrawCost: { allowed: admins, build: () => bureau('DELETE', '/admin/costs', { costId: scheduledCosts.pop() }) },
  listAdminMafs: { allowed: admins, build: () => bureau('GET', '/admin/mafs') },
  listCostTypes: { allowed: admins, build: () => bureau('GET', '/admin/costtypes') },
  royaltyCharges: { allowed: admins, build: () => ({ method: 'GET', url: `/api/bureau/admin/royaltycharges?territory=uk&startDate=${range().startDate}&endDate=${range().endDate}&includedTypes[]=1` }) },
  jobCharges: { allowed: admins, build: () => ({ method: 'GET', url: `/api/bureau/admin/jobcharges?startDate=${range().startDate}&endDate=${range().endDate}&includedJobs[]=1` }) },
};

/** The bureau calls of server/modules/bureau/plugin.ts (files, settings, test, results): their matrix joins this one after that merge. */
const filesPluginCalls = [
  'listFiles', 'createFile', 'renameFile', 'deleteFile', 'getFile', 'listMafs', 'getInputFields', 'putInputFields', 'getSuppressionTypes',
  'getSuppressionSettings', 'getFileSuppression', 'putFileSuppression', 'getDedupeLevels', 'putDedupeSettings', 'putDedupeSeparateFile',
  'putAddressSettings', 'putMafSettings', 'getOutputGroups', 'getOutputFields', 'getFileOutputGroups', 'putFileOutputGroups', 'getTestResults',
  'createResults', 'getResults', 'discardResults', 'getResultsFileId', 'getRetention', 'putRetention', 'putEncoding', 'getResultsReceipt',
];

const refusals = new Set<string>([...Object.values(accessRefusals), validateFirst]);

async function dumpBureauState() {
  const q = async (sql: string) => (await query(h.db, sql)).rows;
  return {
    files: await q('select id, name, status, settings_version, deleted_at, order_id, cost, paid_at from bureau_files order by id'),
    orders: await q('select id, status from orders order by id'),
    costs: await q('select * from bureau_costs order by id'),
    charges: await q('select * from bureau_job_charges order by id'),
  };
}

describe('the bureau money and reports access matrix', () => {
  it('names every bureau endpoint: these calls here, the files plugin\'s after its merge', () => {
    expect([...Object.keys(calls), ...filesPluginCalls].sort()).toEqual(Object.keys(bureauEndpoints).sort());
  });

  it('refuses every call to every demo user it is not for (403, or 404 for a stranger to the file), and nothing changes', async () => {
    const before = await dumpBureauState();
    const failures: string[] = [];
    for (const [name, entry] of Object.entries(calls)) {
      for (const { email } of demoUsers) {
        const who = email.split('@')[0];
        if (entry.allowed.includes(who)) continue;
        const { status, body } = await sendRaw(h, users.get(email)!, entry.build({ fileId }));
        const notFound = entry.fileCall && strangers.includes(who);
        if (notFound ? status !== 404 || body?.msg !== 'File not found' : status !== 403 || !refusals.has(body?.msg)) {
          failures.push(`${who} ${name}: ${status} ${JSON.stringify(body)}`);
        }
        if (who === 'unvalidated' && body?.msg !== validateFirst) failures.push(`${who} ${name}: not the validation refusal`);
      }
    }
    expect(failures).toEqual([]);
    expect(await dumpBureauState()).toEqual(before);
  });

  it('answers every call for every demo user it is for', async () => {
    const failures: string[] = [];
    for (const [name, entry] of Object.entries(calls)) {
      for (const who of entry.allowed) {
        // A new file each time, so a payment starts a new order.
        const target = { fileId: await insertFile(h, { accountId, userId: ownerId }) };
        h.clock.advance(1000);
        const { status, body } = await sendRaw(h, users.get(`${who}@example.com`)!, entry.build(target));
        if (status !== 200) failures.push(`${who} ${name}: ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses the file calls as the money calls, with the one ownership check: 404 to strangers, the owners-only words to members and staff', async () => {
    const before = await dumpBureauState();
    const fileCalls: Record<string, InjectOptions> = {
      getFile: bureau('GET', '/files/detail', { fileId }),
      renameFile: bureau('PUT', '/files', { fileId }, { name: 'Taken' }),
      deleteFile: bureau('DELETE', '/files', { fileId }),
      getInputFields: bureau('GET', '/files/inputfields', { fileId }),
      getTestResults: bureau('GET', '/files/testresults', { fileId }),
      createResults: bureau('PUT', '/files/createresults', { fileId }),
      discardResults: bureau('PUT', '/files/discardresults', { fileId }),
      getResultsFileId: bureau('GET', '/files/results/fileid', { fileId }),
      getResults: bureau('GET', '/files/results', { fileId }),
      putInputFields: bureau('PUT', '/files/inputfields', { fileId }, { inputFields: [{ inputOrder: 0, mappingType: 'name', mappingOrder: 1 }] }),
      getFileSuppression: bureau('GET', '/files/suppressionsettings', { fileId }),
      putFileSuppression: bureau('PUT', '/files/suppressionsettings', { fileId }, { suppressGroupId: 1, suppressSetting: 'flag' }),
      putDedupeSettings: bureau('PUT', '/files/dedupesettings', { fileId }, { settingId: 1 }),
      putDedupeSeparateFile: bureau('PUT', '/files/dedupeseparatefile', { fileId }, { separateFile: true }),
      putAddressSettings: bureau('PUT', '/files/addresssettings', { fileId }, { usePAF: false }),
      putMafSettings: bureau('PUT', '/files/mafsettings', { fileId }, { mafId: 1 }),
      getFileOutputGroups: bureau('GET', '/files/outputgroups', { fileId }),
      putFileOutputGroups: bureau('PUT', '/files/outputgroups', { fileId }, { outputGroupIds: [1] }),
    };
    expect(Object.keys(fileCalls).every((name) => filesPluginCalls.includes(name))).toBe(true);
    const failures: string[] = [];
    for (const [name, options] of Object.entries(fileCalls)) {
      for (const who of [...strangers, 'member', 'sales', 'admin', 'super']) {
        const { status, body } = await sendRaw(h, users.get(`${who}@example.com`)!, options);
        const expected = strangers.includes(who) ? { statusCode: 404, msg: 'File not found' } : { statusCode: 403, msg: accessRefusals.ownersOnly };
        if (status !== expected.statusCode || body?.msg !== expected.msg) failures.push(`${who} ${name}: ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await dumpBureauState()).toEqual(before);
  });

  it('gives staff and members of the account the owners-only words on a file, admin words on the admin calls', async () => {
    for (const who of ['member', 'sales', 'admin']) {
      const { body } = await sendRaw(h, users.get(`${who}@example.com`)!, calls.getResultCosts!.build({ fileId }));
      expect(body, who).toEqual({ statusCode: 403, msg: accessRefusals.ownersOnly });
    }
    const sales = await sendRaw(h, users.get('sales@example.com')!, calls.listCosts!.build({ fileId }));
    expect(sales.body).toEqual({ statusCode: 403, msg: accessRefusals.adminOnly });
  });
});
