// The bureau's administration: the admin costs with their history and a new price in one
// transaction, the reference files and cost types, and the royalty and job charges reports with
// their bracket-style arrays (qs parses the query string; existing calls still parse as before).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Bureau from '../../../contract/bureau/endpoints';
import type { BodyOf } from '../../../contract/endpoint';
import * as ShopCalls from '../../../contract/shop/endpoints';
import { call, msgOf, okBody } from '../support/api';
import { sendRaw, signedIn, type Caller } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { day, nowOf } from '../support/catalogue';
import { payOnPage } from '../support/shop';
import { bureau, bureauWorld, checkoutUrlOf, insertFile, pay, resultsOf, type World } from './money-fixtures';

let h: Harness;
let w: World;
let admin: Caller;

beforeAll(async () => {
  h = await createHarness();
  w = await bureauWorld(h);
  admin = await signedIn(h, ['super']);
}, 60_000);
afterAll(() => h?.close());

type CostInput = BodyOf<typeof Bureau.createCost>;
const price = (overrides: Partial<CostInput> = {}): CostInput => ({
  costTypeId: 4, territory: 'uk', basePrice: 300, pricePerRecord: 0.3, pricePerMatch: 0.05, realPricePerRecord: 0.2, realPricePerMatch: 0.01, minRecCount: 500, ...overrides,
});

/** Pays for a new UK file through the gateway page; returns its id. */
async function paidFile(records: number, dedupe: boolean): Promise<number> {
  const fileId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results: resultsOf({ records, matched: records / 2, updated: 0, child: 7 }), dedupeLevel: dedupe ? 'address' : null });
  const body = okBody(await pay(h, w.owner, fileId));
  await payOnPage(h, checkoutUrlOf(body));
  await call(h, w.owner, ShopCalls.getOrder, { query: { orderId: body.orderId } });
  return fileId;
}

describe('admin costs', () => {
  it('lists the seeded prices of each territory and type, in API units', async () => {
    const body = okBody(await call(h, admin, Bureau.listCosts, { query: { territory: 'uk' } }));
    expect(body.map((cost) => cost.costTypeId)).toEqual([1, 2, 3, 4]);
    expect(body.every((cost) => cost.territory === 'uk' && cost.endDate === null)).toBe(true);
    const { rows } = await query<{ price_per_record: string }>(h.db, "select price_per_record from bureau_costs where territory = 'uk' and cost_type_id = 1");
    expect(body[0].pricePerRecord).toBe(Number(rows[0].price_per_record) / 10000);
    const all = await call(h, admin, Bureau.listCosts, { query: {} });
    expect(new Set(okBody(all).map((cost) => cost.territory))).toEqual(new Set(['uk', 'australia']));
  });

  it('a new price ends the current one at its start and begins there, stored in ten-thousandths', async () => {
    const before = okBody(await call(h, admin, Bureau.listCosts, { query: { territory: 'uk' } })).find((cost) => cost.costTypeId === 4);
    const startDate = nowOf(h) + 3600;
    const created = await call(h, admin, Bureau.createCost, { body: price({ startDate }) });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ costTypeId: 4, territory: 'uk', basePrice: 300, pricePerRecord: 0.3, pricePerMatch: 0.05, startDate, endDate: null, costTypeName: 'Suppression screening' });
    const { rows } = await query<{ price_per_record: string; price_per_match: string; created_by: number }>(h.db, 'select price_per_record, price_per_match, created_by from bureau_costs where id = $1', [okBody(created).costId]);
    expect(rows[0]).toMatchObject({ created_by: admin.id });
    expect([Number(rows[0].price_per_record), Number(rows[0].price_per_match)]).toEqual([3000, 500]);
    const history = okBody(await call(h, admin, Bureau.listCosts, { query: { territory: 'uk' } })).filter((cost) => cost.costTypeId === 4);
    expect(history.map((cost) => [cost.costId, cost.endDate])).toEqual([[okBody(created).costId, null], [before?.costId, startDate]]);
  });

  it('refuses a start before the current price starts, a bad price and an unknown type, changing nothing', async () => {
    const dump = async () => (await query(h.db, 'select * from bureau_costs order by id')).rows;
    // A price that has started (a scheduled one is replaced by an earlier start; a started one stays).
    const started = okBody(await call(h, admin, Bureau.createCost, { body: price({ startDate: nowOf(h) - 60 }) }));
    const before = await dump();
    const early = await call(h, admin, Bureau.createCost, { body: price({ startDate: started.startDate - day }) });
    expect(early.status).toBe(400);
    expect(msgOf(early)).toMatch(/must start on or after the current price's start \(\d\d\/\d\d\/\d{4}\)/);
    for (const bad of [price({ pricePerRecord: 0.00001 }), price({ basePrice: -1 }), price({ basePrice: 1.5 })]) {
      expect((await call(h, admin, Bureau.createCost, { body: bad })).status, JSON.stringify(bad)).toBe(400);
    }
    // A field the contract does not have, and a territory it does not know: sent raw.
    for (const bad of [{ ...price(), costId: 3 }, { ...price(), territory: 'fr' }]) {
      expect((await sendRaw(h, admin, bureau('POST', '/admin/costs', {}, bad))).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(h, admin, Bureau.createCost, { body: price({ costTypeId: 99 }) })).status).toBe(404);
    expect(await dump()).toEqual(before);
  });

  it('ten new prices at once for one type: one current price, an unbroken history', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call(h, admin, Bureau.createCost, { body: price({ costTypeId: 3, basePrice: i }) })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const { rows } = await query<{ end_date: string | null; start_date: string }>(h.db, "select start_date, end_date from bureau_costs where cost_type_id = 3 and territory = 'uk' order by id");
    expect(rows.filter((row) => row.end_date === null)).toHaveLength(1);
    for (let i = 1; i < rows.length; i++) expect(Number(rows[i - 1].end_date)).toBe(Number(rows[i].start_date));
  });

  describe('a scheduled price', () => {
    // Australia's PAF price, which no other test here changes.
    const au = (overrides: Partial<CostInput> = {}) => price({ costTypeId: 2, territory: 'australia', ...overrides });
    const history = async () =>
      okBody(await call(h, admin, Bureau.listCosts, { query: { territory: 'australia' } }))
        .filter((cost) => cost.costTypeId === 2)
        .map((cost) => ({ costId: cost.costId, basePrice: cost.basePrice, startDate: cost.startDate, endDate: cost.endDate }));

    it('is withdrawn before it starts: the price before it is current again', async () => {
      const before = await history();
      const scheduled = await call(h, admin, Bureau.createCost, { body: au({ basePrice: 111, startDate: nowOf(h) + 10 * day }) });
      expect(scheduled.status).toBe(200);
      expect((await history())[1].endDate).toBe(nowOf(h) + 10 * day);
      const withdrawn = await call(h, admin, Bureau.withdrawCost, { query: { costId: okBody(scheduled).costId } });
      expect(withdrawn.status).toBe(200);
      expect(await history()).toEqual(before);
    });

    it('is replaced by a new price starting on or before it, which is no longer refused', async () => {
      const [current] = await history();
      const scheduled = okBody(await call(h, admin, Bureau.createCost, { body: au({ basePrice: 222, startDate: nowOf(h) + 10 * day }) }));
      // A change now (no start date): the scheduled price goes, the current one ends now.
      const now = await call(h, admin, Bureau.createCost, { body: au({ basePrice: 333 }) });
      expect(now.status).toBe(200);
      let list = await history();
      expect(list.map((c) => c.costId)).not.toContain(scheduled.costId);
      expect(list.slice(0, 2)).toEqual([
        { costId: okBody(now).costId, basePrice: 333, startDate: okBody(now).startDate, endDate: null },
        { ...current, endDate: okBody(now).startDate },
      ]);
      // Changing a scheduled price (same start, new amounts) replaces it; a later one follows it.
      const start = nowOf(h) + 5 * day;
      const first = okBody(await call(h, admin, Bureau.createCost, { body: au({ basePrice: 444, startDate: start }) }));
      const changed = okBody(await call(h, admin, Bureau.createCost, { body: au({ basePrice: 555, startDate: start }) }));
      const later = okBody(await call(h, admin, Bureau.createCost, { body: au({ basePrice: 666, startDate: start + day }) }));
      list = await history();
      expect(list.slice(0, 3).map((c) => [c.costId, c.basePrice, c.endDate])).toEqual([
        [later.costId, 666, null],
        [changed.costId, 555, start + day],
        [okBody(now).costId, 333, start],
      ]);
      expect(list.map((c) => c.costId)).not.toContain(first.costId);
      // Withdrawing the first of two scheduled prices withdraws the one after it too: no gap is left.
      expect((await call(h, admin, Bureau.withdrawCost, { query: { costId: changed.costId } })).status).toBe(200);
      expect((await history())[0]).toEqual({ costId: okBody(now).costId, basePrice: 333, startDate: okBody(now).startDate, endDate: null });
    });

    it('cannot be withdrawn once started: it stays in the history; unknown prices and customers are refused', async () => {
      const dump = async () => (await query(h.db, 'select * from bureau_costs order by id')).rows;
      const before = await dump();
      const [current] = await history();
      const started = await call(h, admin, Bureau.withdrawCost, { query: { costId: current.costId } });
      expect(started.status).toBe(409);
      expect(msgOf(started)).toBe('This price has started: it stays in the price history. Add a new price to change it.');
      expect((await call(h, admin, Bureau.withdrawCost, { query: { costId: 999_999 } })).status).toBe(404);
      const scheduled = okBody(await call(h, admin, Bureau.createCost, { body: au({ startDate: nowOf(h) + day }) }));
      const customer = await call(h, w.owner, Bureau.withdrawCost, { query: { costId: scheduled.costId } });
      expect(customer.status).toBe(403);
      expect((await call(h, admin, Bureau.withdrawCost, { query: { costId: scheduled.costId } })).status).toBe(200);
      expect(await dump()).toEqual(before);
    });
  });

  it('lists the reference files and the cost types', async () => {
    expect((await call(h, admin, Bureau.listAdminMafs)).body).toEqual([
      { mafId: 1, mafName: 'Royal Mail PAF (sample)', mafCountryCode: 'GB', territory: 'uk' },
      { mafId: 2, mafName: 'G-NAF (sample)', mafCountryCode: 'AU', territory: 'australia' },
    ]);
    const types = okBody(await call(h, admin, Bureau.listCostTypes));
    expect(types.map((type: { appliesTo: string }) => type.appliesTo)).toEqual(['cleanse', 'paf', 'dedupe', 'suppression']);
  });
});

describe('royalty and job charges reports', () => {
  it('sums the job charges per cost type in the range, for the types asked (bracket arrays)', async () => {
    h.clock.advance(10_000);
    const from = nowOf(h);
    const a = await paidFile(4000, true);
    const b = await paidFile(2000, false);
    const { rows } = await query<{ file_id: number; transactions: { costTypeId: number; records: number; matches: number; charge: number; realCharge: number }[] }>(h.db,
      'select file_id, transactions from bureau_job_charges where file_id in ($1, $2)', [a, b]);
    const lines = rows.flatMap((row) => row.transactions);
    const range = { startDate: from, endDate: nowOf(h) };
    const body = okBody(await call(h, admin, Bureau.royaltyCharges, { query: { territory: 'uk', ...range, includedTypes: [1, 3] } }));
    expect(body.map((row) => row.costTypeId)).toEqual([1, 3]);
    for (const row of body) {
      const own = lines.filter((line) => line.costTypeId === row.costTypeId);
      expect(row).toMatchObject({
        territory: 'uk',
        jobs: own.length,
        records: own.reduce((s, l) => s + l.records, 0),
        matches: own.reduce((s, l) => s + l.matches, 0),
        charges: own.reduce((s, l) => s + l.charge, 0),
        realCharges: own.reduce((s, l) => s + l.realCharge, 0),
      });
    }
    expect(body[0].jobs).toBe(2);
    expect(body[1].jobs).toBe(1);
    const all = await call(h, admin, Bureau.royaltyCharges, { query: { territory: 'uk', ...range } });
    expect(all.body).toHaveLength(4);
    const none = okBody(await call(h, admin, Bureau.royaltyCharges, { query: { territory: 'australia', ...range } }));
    expect(none.every((row) => row.jobs === 0)).toBe(true);
  });

  it('lists job charges in the range, only the jobs asked for, with account and file names', async () => {
    h.clock.advance(10_000);
    const from = nowOf(h);
    const a = await paidFile(3000, false);
    const b = await paidFile(3000, true);
    const jobs = (await query<{ id: number; file_id: number }>(h.db, 'select id, file_id from bureau_job_charges where file_id in ($1, $2) order by id', [a, b])).rows;
    const range = { startDate: from, endDate: nowOf(h) };
    const both = okBody(await call(h, admin, Bureau.jobCharges, { query: range }));
    expect(both.map((job) => job.jobId).sort()).toEqual(jobs.map((job) => job.id).sort());
    expect(both[0]).toMatchObject({ accId: w.ukAccount, accountName: 'Cleanse UK', fileName: 'customers.csv', mafId: 1, territory: 'uk', isPostPay: false, totalCount: 3000 });
    const one = okBody(await call(h, admin, Bureau.jobCharges, { query: { ...range, includedJobs: [jobs[1].id], territory: 'uk' } }));
    expect(one.map((job) => job.jobId)).toEqual([jobs[1].id]);
    const before = await call(h, admin, Bureau.jobCharges, { query: { startDate: 0, endDate: from - 1, includedJobs: [jobs[0].id] } });
    expect(before.body).toEqual([]);
    expect((await call(h, admin, Bureau.jobCharges, { query: { startDate: 10, endDate: 5 } })).status).toBe(400);
  });
});

describe('query strings (qs, bracket style)', () => {
  it('builds arrays from brackets, repeated keys and a single bracket item, and refuses a list past the limit', async () => {
    // Literal query strings on purpose: this test pins the wire format (includedTypes[]=, encoded
    // brackets, repeated keys) that the typed calls above produce through qs.
    const base = '/api/bureau/admin/royaltycharges?territory=uk&startDate=0&endDate=10';
    const ids = async (suffix: string) => (await sendRaw(h, admin, { method: 'GET', url: `${base}${suffix}` })).body.map((row: { costTypeId: number }) => row.costTypeId);
    expect(await ids('&includedTypes[]=2')).toEqual([2]);
    expect(await ids('&includedTypes%5B%5D=1&includedTypes%5B%5D=4')).toEqual([1, 4]);
    expect(await ids('&includedTypes=2&includedTypes=3')).toEqual([2, 3]);
    const long = Array.from({ length: 1001 }, (_, i) => `includedTypes[]=${i + 1}`).join('&');
    expect((await sendRaw(h, admin, { method: 'GET', url: `${base}&${long}` })).status).toBe(400);
  });

  it('still parses the existing calls: numbers, booleans, encoded text and plain keys', async () => {
    const owner = w.owner;
    // A flag and an enum: staff see every plan, here only the Australian ones.
    const plansAu = await sendRaw(h, admin, { method: 'GET', url: '/api/plans/plans?all=true&territory=australia' });
    expect(plansAu.status).toBe(200);
    expect(plansAu.body.every((plan: { territory: string }) => plan.territory === 'australia')).toBe(true);
    // '+' and %20 are spaces, as before.
    for (const filter of ['Cleanse+UK', 'Cleanse%20UK']) {
      const search = await sendRaw(h, admin, { method: 'GET', url: `/api/users/search?filter=${filter}` });
      expect(search.status).toBe(200);
      expect(search.body.groups.map((group: { id: number }) => group.id)).toContain(w.ukAccount);
    }
    const costs = await sendRaw(h, owner, { method: 'GET', url: '/api/bureau/files/results/costs?fileId=abc' });
    expect(costs.status).toBe(400);
    const stats = await sendRaw(h, owner, { method: 'GET', url: `/api/bureau/stats/summary?accId=${w.ukAccount}&dateFrom=0&dateTo=${nowOf(h)}` });
    expect(stats.status).toBe(200);
    // Nested brackets make an object, which a plain value refuses.
    expect((await sendRaw(h, owner, { method: 'GET', url: `/api/bureau/stats/summary?accId[a]=${w.ukAccount}&dateFrom=0&dateTo=1` })).status).toBe(400);
  });
});
