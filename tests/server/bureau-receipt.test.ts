// GET /files/results/receipt: what a paid file's page shows: its results, the price lines that were
// charged (each by the admin-cost formula, summing to the order's net; net + tax the order's total),
// its invoice with a working signed link back to the file's page, and until when the results are kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedIn } from './groups-fixtures';
import { createHarness, query, type Harness } from './harness';
import { plans } from './plans-fixtures';
import { payOnPage } from './shop-fixtures';
import { bureau, bureauWorld, currentPrices, expectedAmount, insertFile, pay, portal, resultsOf, type World } from './bureau-money-fixtures';

let h: Harness;
let w: World;

beforeAll(async () => {
  h = await createHarness();
  w = await bureauWorld(h);
}, 60_000);
afterAll(() => h?.close());

const fileBack = (fileId: number) => `${portal}/portal/applications/addresscleanse/file/${fileId}`;
const receiptOf = (fileId: number, backUrl = fileBack(fileId)) => call(h, w.owner, bureau('GET', '/files/results/receipt', { fileId, backUrl }));

describe('GET /files/results/receipt', () => {
  it('answers 402 until the results are paid for', async () => {
    const fileId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id });
    const { status, body } = await receiptOf(fileId);
    expect(status).toBe(402);
    expect(body.msg).toBe('Pay for the results to download them');
  });

  it('once paid: the results, the charged lines by the admin-cost formula summing to the order, the invoice and the date the results go', async () => {
    const results = resultsOf({ records: 2400, matched: 1800, updated: 400, child: 120, parent: 100, removed: 30, flagged: 12 });
    const fileId = await insertFile(h, { accountId: w.ukAccount, userId: w.owner.id, results, dedupeLevel: 'household', suppression: { '101': 'suppress', '102': 'flag' } });
    // The results zip the job stored (the upload row the file names stands in for it).
    await query(h.db, 'update bureau_files set results_upload_id = upload_id where id = $1', [fileId]);
    const { body: started } = await pay(h, w.owner, fileId);
    await payOnPage(h, started.checkoutUrl);
    const order = (await call(h, w.owner, plans('GET', '/shop/order', { orderId: started.orderId }))).body;
    expect(order.status).toBe('paid');

    const { status, body } = await receiptOf(fileId);
    expect(status).toBe(200);
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
    const { body: started } = await pay(h, w.owner, fileId);
    await payOnPage(h, started.checkoutUrl);
    await call(h, w.owner, plans('GET', '/shop/order', { orderId: started.orderId }));
    expect((await receiptOf(fileId, 'https://evil.example/portal/x')).status).toBe(400);
    const stranger = await signedIn(h, ['account']);
    expect((await call(h, stranger, bureau('GET', '/files/results/receipt', { fileId }))).status).toBe(404);
  });
});
