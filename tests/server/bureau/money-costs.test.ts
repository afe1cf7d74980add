// GET /files/results/costs: the price of a file's results from the admin costs in force, one line
// per cost type that applies to its settings, with the shop's tax; 409 before there are results.
// GET /files/prices: the admin prices in force for a file, by which the properties page shows the
// price lines of its settings before the customer commits: the same lines and amounts its results are
// then charged. GET /files/results/receipt: what a paid file's page shows: its results, the price lines
// charged (each by the admin-cost formula, summing to the order's net; net + tax the order's total),
// its invoice with a working signed link back to the file's page, and until when the results are kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Bureau from '../../../contract/bureau/endpoints';
import type { BodyOf } from '../../../contract/endpoint';
import * as ShopCalls from '../../../contract/shop/endpoints';
import { estimateLines } from '../../../contract/shared/bureauPrice';
import { salesTax } from '../../../contract/shared/shop';
import { call, msgOf, okBody, urlOf } from '../support/api';
import { sendRaw, signedIn } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { day, nowOf } from '../support/catalogue';
import { payOnPage } from '../support/shop';
import { bureauWorld, checkoutUrlOf, currentPrices, expectedAmount, insertFile, pay, portal, resultsOf, type World } from './money-fixtures';

let h: Harness;
let w: World;

beforeAll(async () => {
  h = await createHarness();
  w = await bureauWorld(h);
}, 60_000);
afterAll(() => h?.close());

const costsOf = (fileId: number) => call(h, w.owner, Bureau.getResultCosts, { query: { fileId } });
type Line = { costTypeId: number; records: number; matches: number; amount: number; basePrice: number; pricePerRecord: number };

describe('GET /files/results/costs', () => {
  it('prices the cleanse and PAF lines from the current UK costs, with VAT on the net sum', async () => {
    const results = resultsOf({ records: 2000, matched: 1500, updated: 300 });
    const fileId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results });
    const body = okBody(await costsOf(fileId));
    const prices = await currentPrices(h, 'uk');
    // Cleanse (type 1) always; PAF (type 2) because usePAF; no dedupe level, no suppression on.
    expect(body.lines.map((line: Line) => line.costTypeId)).toEqual([1, 2]);
    const coded = 1500 + 300;
    expect(body.lines[0]).toMatchObject({ records: 2000, matches: coded, amount: expectedAmount(prices.get(1)!, 2000, coded) });
    expect(body.lines[1]).toMatchObject({ records: 2000, matches: coded, amount: expectedAmount(prices.get(2)!, 2000, coded) });
    // The API shows per-record prices in minor units with decimals (stored in ten-thousandths).
    expect(body.lines[0].pricePerRecord).toBe(prices.get(1)!.price_per_record / 10000);
    const net = body.lines.reduce((sum: number, line: Line) => sum + line.amount, 0);
    const tax = Math.round((net * salesTax.uk.rateBasisPoints) / 10000);
    expect(body).toMatchObject({ territory: 'uk', currency: 'GBP', net, tax, total: net + tax, taxRateBasisPoints: 2000 });
  });

  it('charges at least the minimum record count', async () => {
    const fileId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results: resultsOf({ records: 10, matched: 10, updated: 0 }), usePaf: false });
    const prices = await currentPrices(h, 'uk');
    const body = okBody(await costsOf(fileId));
    expect(prices.get(1)!.min_rec_count).toBeGreaterThan(10);
    expect(body.lines).toHaveLength(1);
    expect(body.lines[0]).toMatchObject({ records: prices.get(1)!.min_rec_count, amount: expectedAmount(prices.get(1)!, 10, 10) });
  });

  it('adds dedupe when a level is set and suppression when a list is not off; all off adds none', async () => {
    const results = resultsOf({ records: 5000, matched: 4000, updated: 500, child: 120, parent: 100, removed: 30, flagged: 12 });
    const all = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results, dedupeLevel: 'household', suppression: { 1: 'off', 2: 'flag' } });
    const prices = await currentPrices(h, 'uk');
    const body = okBody(await costsOf(all));
    expect(body.lines.map((line: Line) => line.costTypeId)).toEqual([1, 2, 3, 4]);
    expect(body.lines[2]).toMatchObject({ matches: 120, amount: expectedAmount(prices.get(3)!, 5000, 120) });
    expect(body.lines[3]).toMatchObject({ matches: 42, amount: expectedAmount(prices.get(4)!, 5000, 42) });
    const none = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results, usePaf: false, suppression: { 1: 'off', 2: 'off' } });
    expect(okBody(await costsOf(none)).lines.map((line: Line) => line.costTypeId)).toEqual([1]);
  });

  it('prices an Australian file in A$ with GST from the Australian costs', async () => {
    const fileId = await insertFile(h, { accountId: w.auAccount, userId: w.owner.id, territory: 'australia', results: resultsOf({ records: 3000, matched: 2000, updated: 0 }) });
    const prices = await currentPrices(h, 'australia');
    const body = okBody(await costsOf(fileId));
    expect(body).toMatchObject({ territory: 'australia', currency: 'AUD', taxRateBasisPoints: 1000 });
    expect(body.lines[0].amount).toBe(expectedAmount(prices.get(1)!, 3000, 2000));
    expect(body.tax).toBe(Math.round(body.net / 10));
  });

  it('follows a new admin price at once, and rounds each line half up', async () => {
    const admin = await signedIn(h, ['admin']);
    const fileId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results: resultsOf({ records: 2001, matched: 0, updated: 0 }), usePaf: false });
    const before = okBody(await costsOf(fileId)).lines[0].amount;
    // 0.25p a record: 2001 x 2500 = 5,002,500 ten-thousandths = 500.25p, rounded to 500p; plus 100p base.
    const cost: BodyOf<typeof Bureau.createCost> = { costTypeId: 1, territory: 'uk', basePrice: 100, pricePerRecord: 0.25, pricePerMatch: 0, realPricePerRecord: 0.1, realPricePerMatch: 0, minRecCount: 0 };
    expect((await call(h, admin, Bureau.createCost, { body: cost })).status).toBe(200);
    const after = okBody(await costsOf(fileId)).lines[0];
    expect(after).toMatchObject({ amount: 100 + 500, records: 2001, basePrice: 100, pricePerRecord: 0.25 });
    expect(after.amount).not.toBe(before);
    // 0.2525p: 2001 x 2525 = 5,052,525 -> 505.2525p -> 505p; 0.2550p: 5,102,550 -> 510.255p -> 510p; 0.2498p: 499.8498p -> 500p.
    for (const [perRecord, amount] of [[0.2525, 605], [0.255, 610], [0.2498, 600]] as const) {
      h.clock.advance(1000);
      await call(h, admin, Bureau.createCost, { body: { ...cost, pricePerRecord: perRecord } });
      expect(okBody(await costsOf(fileId)).lines[0].amount).toBe(amount);
    }
  });

  it('answers 409 before the file has results, and 404 for another user\'s or an unknown file', async () => {
    const pending = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results: null, status: 'running' });
    const early = await costsOf(pending);
    expect(early.status).toBe(409);
    expect(msgOf(early)).toMatch(/no results yet/);
    const fileId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id });
    const stranger = await signedIn(h, ['account']);
    const theirs = await call(h, stranger, Bureau.getResultCosts, { query: { fileId } });
    expect([theirs.status, theirs.body]).toEqual([404, { statusCode: 404, msg: 'File not found' }]);
    expect((await costsOf(2_000_000_000)).status).toBe(404);
    // A file id that is not a number: sent raw.
    expect((await sendRaw(h, w.owner, { method: 'GET', url: urlOf(Bureau.getResultCosts, {}), query: { fileId: 'x' } })).status).toBe(400);
  });

  it('a price that starts tomorrow does not price today', async () => {
    const admin = await signedIn(h, ['admin']);
    const fileId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results: resultsOf({ records: 4000, matched: 0, updated: 0 }), usePaf: false });
    const today = okBody(await costsOf(fileId)).net;
    const body: BodyOf<typeof Bureau.createCost> = { costTypeId: 1, territory: 'uk', basePrice: 99_999, pricePerRecord: 1, pricePerMatch: 0, realPricePerRecord: 0, realPricePerMatch: 0, minRecCount: 0, startDate: nowOf(h) + day };
    expect((await call(h, admin, Bureau.createCost, { body: body })).status).toBe(200);
    expect(okBody(await costsOf(fileId)).net).toBe(today);
    h.clock.advance((day + 1) * 1000);
    // The session has ended by then: the owner signs in again.
    w.owner = { ...w.owner, headers: h.bearer((await h.login(w.owner.email)).jwt) };
    expect(okBody(await costsOf(fileId)).net).toBe(99_999 + 4000);
  });
});

const fileBack = (fileId: number) => `${portal}/portal/applications/addresscleanse/file/${fileId}`;
const receiptOf = (fileId: number, backUrl = fileBack(fileId)) => call(h, w.owner, Bureau.getResultsReceipt, { query: { fileId, backUrl } });

describe('GET /files/prices', () => {
  it('answers the prices in force for the file\'s territory and its record count; the lines they give are the lines its results are charged', async () => {
    const prices = await currentPrices(h, 'uk');
    // No record matched: every line at its least.
    const none = resultsOf({ records: 2400, matched: 0, updated: 0 });
    const settings = { dedupeLevel: 'household' as const, suppression: { '101': 'suppress' } };
    const fileId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results: none, ...settings });
    const body = okBody(await call(h, w.owner, Bureau.getFilePrices, { query: { fileId } }));
    expect(body.territory).toBe('uk');
    expect(body.records).toBe(2400);
    for (const p of body.prices) {
      const row = prices.get(p.costTypeId)!;
      expect(p, p.name).toMatchObject({ basePrice: row.base_price, pricePerRecord: row.price_per_record, pricePerMatch: row.price_per_match, minRecCount: row.min_rec_count });
    }
    const charged = okBody(await call(h, w.owner, Bureau.getResultCosts, { query: { fileId } }));
    const shown = estimateLines(body.prices, { usePaf: true, dedupe: true, screening: true }, body.records);
    expect(shown.map((l) => [l.costTypeId, l.least])).toEqual(charged.lines.map((l: { costTypeId: number; amount: number }) => [l.costTypeId, l.amount]));
    expect(shown.reduce((n, l) => n + l.least, 0)).toBe(charged.net);

    // Every record matched, PAF on, no dedupe or screening: every line at its most.
    const all = resultsOf({ records: 2400, matched: 2000, updated: 400 });
    const matchedFile = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results: all });
    const chargedAll = okBody(await call(h, w.owner, Bureau.getResultCosts, { query: { fileId: matchedFile } }));
    const shownAll = estimateLines(body.prices, { usePaf: true, dedupe: false, screening: false }, 2400);
    expect(shownAll.map((l) => [l.costTypeId, l.most])).toEqual(chargedAll.lines.map((l: { costTypeId: number; amount: number }) => [l.costTypeId, l.amount]));
    for (const line of chargedAll.lines) expect(line.amount).toBe(expectedAmount(prices.get(line.costTypeId)!, 2400, 2400));
  });

  it('answers 404 for another user\'s file', async () => {
    const fileId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id });
    const stranger = await signedIn(h, ['account']);
    expect((await call(h, stranger, Bureau.getFilePrices, { query: { fileId } })).status).toBe(404);
  });
});

describe('GET /files/results/receipt', () => {
  it('answers 402 until the results are paid for', async () => {
    const fileId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id });
    const receipt = await receiptOf(fileId);
    expect(receipt.status).toBe(402);
    expect(msgOf(receipt)).toBe('Pay for the results to download them');
  });

  it('once paid: the results, the charged lines by the admin-cost formula summing to the order, the invoice and the date the results go', async () => {
    const results = resultsOf({ records: 2400, matched: 1800, updated: 400, child: 120, parent: 100, removed: 30, flagged: 12 });
    const fileId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results, dedupeLevel: 'household', suppression: { '101': 'suppress', '102': 'flag' } });
    // The results zip the job stored (the upload row the file names stands in for it).
    await query(h.db, 'update bureau_files set results_upload_id = upload_id where id = $1', [fileId]);
    const started = okBody(await pay(h, w.owner, fileId));
    await payOnPage(h, checkoutUrlOf(started));
    const order = okBody(await call(h, w.owner, ShopCalls.getOrder, { query: { orderId: started.orderId } }));
    expect(order.status).toBe('paid');

    const body = okBody(await receiptOf(fileId));
    expect(body.results).toEqual(results);
    // Every line the customer is shown is one that was charged, by the formula, and they add up.
    const prices = await currentPrices(h, 'uk');
    const coded = results.codingStats.matched + results.codingStats.updated;
    const matchesOf: Record<number, number> = { 1: coded, 2: coded, 3: 120, 4: 42 };
    expect(body.costs.lines.map((l: { costTypeId: number }) => l.costTypeId)).toEqual([1, 2, 3, 4]);
    for (const line of body.costs.lines) expect(line.amount, line.name).toBe(expectedAmount(prices.get(line.costTypeId)!, 2400, matchesOf[line.costTypeId]));
    expect(body.costs.lines.reduce((sum: number, l: { amount: number }) => sum + l.amount, 0)).toBe(order.net);
    expect(body.costs.net).toBe(order.net);
    expect(body.costs.tax).toBe(order.tax);
    expect(body.costs.total).toBe(order.total);
    expect(body.invoiceNumber).toBe(order.invoiceNumber);
    expect(body.paidAt).toBe(order.paidAt);
    const { rows: [file] } = await query<{ results_at: number }>(h.db, 'select results_at from bureau_files where id = $1', [fileId]);
    expect(body.expiresAt).toBe(Number(file.results_at) + 30 * 86_400);
    // The invoice opens from the link, with its Back link to the file's page.
    const link = new URL(body.invoiceUrl);
    expect(link.searchParams.get('back')).toBe(fileBack(fileId));
    const invoice = await h.inject({ method: 'GET', url: link.pathname + link.search });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.body).toContain(order.invoiceNumber);
  });

  it('refuses a Back link off the portal, and another user\'s file as not found', async () => {
    const fileId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id });
    const started = okBody(await pay(h, w.owner, fileId));
    await payOnPage(h, checkoutUrlOf(started));
    await call(h, w.owner, ShopCalls.getOrder, { query: { orderId: started.orderId } });
    expect((await receiptOf(fileId, 'https://evil.example/portal/x')).status).toBe(400);
    const stranger = await signedIn(h, ['account']);
    expect((await call(h, stranger, Bureau.getResultsReceipt, { query: { fileId } })).status).toBe(404);
  });
});
