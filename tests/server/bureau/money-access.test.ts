// The access matrix of the bureau's money and reports (server/modules/bureau/moneyPlugin.ts): each
// of its calls for every demo user on Acme UK. A file's costs and payment are its account's owners'
// (another user's file is 404, so ids cannot be probed); the stats summary is the owners' and
// staff's; the admin calls are admin's and super's. Refused callers change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bureauEndpoints from '../../../contract/bureau/endpoints';
import type { BodyOf } from '../../../contract/endpoint';
import { accessRefusals } from '../../../contract/shared/access';
import { validateFirst } from '../../../server/errors';
import { demoUsers, seedDemo } from '../../../server/seed';
import { call, okBody } from '../support/api';
import { type Caller, signInDemoUsers } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { day, nowOf } from '../support/catalogue';
import { insertFile, pay } from './money-fixtures';

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
    const price: BodyOf<typeof bureauEndpoints.createCost> = { costTypeId: 1, territory: 'australia', basePrice: i, pricePerRecord: 0.1, pricePerMatch: 0, realPricePerRecord: 0, realPricePerMatch: 0, minRecCount: 0, startDate: nowOf(h) + i * day };
    scheduledCosts.push(okBody(await call(h, users.get('super@example.com')!, bureauEndpoints.createCost, { body: price })).costId);
  }
  // Eight logins (argon2 on purpose) and the whole demo seed: slow on a busy machine.
}, 120_000);
afterAll(() => h?.close());

const admins = ['super', 'admin'];
const range = () => ({ startDate: nowOf(h) - day, endDate: nowOf(h) });
/** Who gets 404 rather than 403: users with no access at all to Acme UK. */
const strangers = ['partner', 'referrer'];

type Target = { fileId: number };
type Request = (caller: Caller) => Promise<{ status: number; body: unknown }>;
const E = bureauEndpoints;
const calls: Partial<Record<keyof typeof bureauEndpoints, { allowed: string[]; fileCall?: true; build: (t: Target) => Request }>> = {
  getResultCosts: { allowed: ['owner'], fileCall: true, build: (t) => (c) => call(h, c, E.getResultCosts, { query: { fileId: t.fileId } }) },
  getFilePrices: { allowed: ['owner'], fileCall: true, build: (t) => (c) => call(h, c, E.getFilePrices, { query: { fileId: t.fileId } }) },
  payResults: { allowed: ['owner'], fileCall: true, build: (t) => (c) => pay(h, c, t.fileId) },
  statsSummary: { allowed: ['super', 'admin', 'sales', 'owner'], build: () => (c) => call(h, c, E.statsSummary, { query: { accId: accountId, dateFrom: 0, dateTo: nowOf(h) } }) },
  listCosts: { allowed: admins, build: () => (c) => call(h, c, E.listCosts, { query: { territory: 'uk' } }) },
  createCost: {
    allowed: admins,
    build: () => (c) => call(h, c, E.createCost, { body: { costTypeId: 3, territory: 'uk', basePrice: 0, pricePerRecord: 0.1, pricePerMatch: 0, realPricePerRecord: 0, realPricePerMatch: 0, minRecCount: 0 } }),
  },
  withdrawCost: { allowed: admins, build: () => (c) => call(h, c, E.withdrawCost, { query: { costId: scheduledCosts.pop() ?? 0 } }) },
  listAdminMafs: { allowed: admins, build: () => (c) => call(h, c, E.listAdminMafs) },
  listCostTypes: { allowed: admins, build: () => (c) => call(h, c, E.listCostTypes) },
  royaltyCharges: { allowed: admins, build: () => (c) => call(h, c, E.royaltyCharges, { query: { territory: 'uk', ...range(), includedTypes: [1] } }) },
  jobCharges: { allowed: admins, build: () => (c) => call(h, c, E.jobCharges, { query: { ...range(), includedJobs: [1] } }) },
};
/** The refusal's words in an answer's body, if it has them. */
const msgIn = (body: unknown) => (typeof body === 'object' && body !== null && 'msg' in body && typeof body.msg === 'string' ? body.msg : undefined);

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
        const { status, body } = await entry.build({ fileId })(users.get(email)!);
        const msg = msgIn(body);
        const notFound = entry.fileCall && strangers.includes(who);
        if (notFound ? status !== 404 || msg !== 'File not found' : status !== 403 || msg === undefined || !refusals.has(msg)) {
          failures.push(`${who} ${name}: ${status} ${JSON.stringify(body)}`);
        }
        if (who === 'unvalidated' && msg !== validateFirst) failures.push(`${who} ${name}: not the validation refusal`);
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
        const { status, body } = await entry.build(target)(users.get(`${who}@example.com`)!);
        if (status !== 200) failures.push(`${who} ${name}: ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses the file calls as the money calls, with the one ownership check: 404 to strangers, the owners-only words to members and staff', async () => {
    const before = await dumpBureauState();
    const query = { fileId };
    const fileCalls: Record<string, Request> = {
      getFile: (c) => call(h, c, E.getFile, { query }),
      renameFile: (c) => call(h, c, E.renameFile, { query, body: { name: 'Taken' } }),
      deleteFile: (c) => call(h, c, E.deleteFile, { query }),
      getInputFields: (c) => call(h, c, E.getInputFields, { query }),
      getTestResults: (c) => call(h, c, E.getTestResults, { query }),
      createResults: (c) => call(h, c, E.createResults, { query }),
      discardResults: (c) => call(h, c, E.discardResults, { query }),
      getResultsFileId: (c) => call(h, c, E.getResultsFileId, { query }),
      getResults: (c) => call(h, c, E.getResults, { query }),
      putInputFields: (c) => call(h, c, E.putInputFields, { query, body: { inputFields: [{ inputOrder: 0, mappingType: 'name', mappingOrder: 1 }] } }),
      getFileSuppression: (c) => call(h, c, E.getFileSuppression, { query }),
      putFileSuppression: (c) => call(h, c, E.putFileSuppression, { query, body: { suppressGroupId: 1, suppressSetting: 'flag' } }),
      putDedupeSettings: (c) => call(h, c, E.putDedupeSettings, { query, body: { settingId: 1 } }),
      putDedupeSeparateFile: (c) => call(h, c, E.putDedupeSeparateFile, { query, body: { separateFile: true } }),
      putAddressSettings: (c) => call(h, c, E.putAddressSettings, { query, body: { usePAF: false } }),
      putMafSettings: (c) => call(h, c, E.putMafSettings, { query, body: { mafId: 1 } }),
      getFileOutputGroups: (c) => call(h, c, E.getFileOutputGroups, { query }),
      putFileOutputGroups: (c) => call(h, c, E.putFileOutputGroups, { query, body: { outputGroupIds: [1] } }),
    };
    expect(Object.keys(fileCalls).every((name) => filesPluginCalls.includes(name))).toBe(true);
    const failures: string[] = [];
    for (const [name, send] of Object.entries(fileCalls)) {
      for (const who of [...strangers, 'member', 'sales', 'admin', 'super']) {
        const { status, body } = await send(users.get(`${who}@example.com`)!);
        const expected = strangers.includes(who) ? { statusCode: 404, msg: 'File not found' } : { statusCode: 403, msg: accessRefusals.ownersOnly };
        if (status !== expected.statusCode || msgIn(body) !== expected.msg) failures.push(`${who} ${name}: ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await dumpBureauState()).toEqual(before);
  });

  it('gives staff and members of the account the owners-only words on a file, admin words on the admin calls', async () => {
    for (const who of ['member', 'sales', 'admin']) {
      const { body } = await call(h, users.get(`${who}@example.com`)!, E.getResultCosts, { query: { fileId } });
      expect(body, who).toEqual({ statusCode: 403, msg: accessRefusals.ownersOnly });
    }
    const sales = await call(h, users.get('sales@example.com')!, E.listCosts, { query: { territory: 'uk' } });
    expect(sales.body).toEqual({ statusCode: 403, msg: accessRefusals.adminOnly });
  });
});
