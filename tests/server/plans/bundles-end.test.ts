// Ending a paid bundle early: bought through the real checkout and the embedded test gateway, then
// ended by admin with a reason. The bundle row stays, the meter spends its clicks no more, a credit
// note is numbered against the invoice, the invoice link keeps working, and the customer's billing
// history shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Plans from '../../../contract/plans/endpoints';
import * as ShopCalls from '../../../contract/shop/endpoints';
import type { BodyOf } from '../../../contract/endpoint';
import { accessRefusals } from '../../../contract/shared/access';
import { call, msgOf, okBody } from '../support/api';
import { signedIn, type Caller } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { exportToken, insertToken } from '../support/tokens';
import { meterCall, meterRoutes } from '../support/meter';
import { payOnPage, shopWorld, ukOrder, type Shop } from '../support/shop';

let h: Harness;
let shop: Shop;
let admin: Caller;

beforeAll(async () => {
  h = await createHarness(meterRoutes);
  shop = await shopWorld(h);
  admin = await signedIn(h, ['admin']);
});
afterAll(async () => {
  await h?.close();
});

/** A paid UK bundle of `clicks` (the plan's price: £30 per 1,000, VAT 20%): its id and invoice number. */
async function paidBundle(clicks: number) {
  const { url, orderId } = await ukOrder(h, shop, clicks);
  await payOnPage(h, url, 'success');
  const order = okBody(await call(h, shop.owner, ShopCalls.getOrder, { query: { orderId } }));
  expect(order.status).toBe('paid');
  const { rows } = await query<{ id: number }>(h.db, 'select id from bundles where order_id = $1', [orderId]);
  return { bundleId: rows[0].id, invoiceNumber: order.invoiceNumber, invoiceId: order.invoiceId };
}

const end = (caller: Caller, bundleId: number, body: BodyOf<typeof Plans.endBundle>) => call(h, caller, Plans.endBundle, { query: { bundleId }, body });

describe('POST /bundles/end', () => {
  it('ends a paid bundle with a reason: the row stays, a credit note of the unused share is issued, tax reversed, and the meter refuses its clicks', async () => {
    const { bundleId, invoiceNumber, invoiceId } = await paidBundle(2000);
    const { jwt } = await exportToken(h, shop.owner, shop.ukAccount, await insertToken(h, shop.ukAccount, { services: ['addresslookup'] }));
    // 500 of the 2,000 clicks are spent before it is ended.
    expect((await meterCall(h, jwt, { clicks: 500 })).statusCode).toBe(200);

    const res = okBody(await end(admin, bundleId, { reason: 'Service outage in November', kind: 'refund' }));
    // 2,000 clicks for £60.00 net; 1,500 unused: £45.00 net, VAT £9.00.
    expect(res).toMatchObject({ bundleId, usedClicks: 500, endReason: 'Service outage in November', invoiceNumber });
    expect(res.creditNote).toMatchObject({
      creditNoteNumber: expect.stringMatching(/^UK-CN-\d{6}$/), invoiceId, invoiceNumber, kind: 'refund', reason: 'Service outage in November',
      net: 4500, tax: 900, total: 5400, territory: 'uk', clicks: 2000, unusedClicks: 1500,
    });
    const { rows: bundles } = await query<{ ended_at: number; end_reason: string }>(h.db, 'select ended_at, end_reason from bundles where id = $1', [bundleId]);
    expect(bundles).toHaveLength(1);
    expect(bundles[0].end_reason).toBe('Service outage in November');
    const { rows: notes } = await query<{ currency: string; total: number }>(h.db, 'select currency, total from credit_notes where bundle_id = $1', [bundleId]);
    expect(notes).toEqual([{ currency: 'GBP', total: 5400 }]);

    // The meter refuses the ended bundle's 1,500 clicks, one or many.
    const one = await meterCall(h, jwt);
    expect(one.statusCode).toBe(402);
    expect((await meterCall(h, jwt, { clicks: 10 })).statusCode).toBe(402);
    const { rows: used } = await query<{ used_clicks: number }>(h.db, 'select used_clicks from bundles where id = $1', [bundleId]);
    expect(used[0].used_clicks).toBe(500);

    // The account's summary counts it ended: no clicks remain.
    const summary = okBody(await call(h, shop.owner, Plans.listAccountPlans, { query: { accountId: shop.ukAccount } }));
    const sub = summary.find((s) => s.planId === shop.ukPlan)!;
    expect(sub.remainClicks).toBe(0);
  });

  it('keeps the invoice link working and shows the credit note in the billing history, viewable like an invoice', async () => {
    const { bundleId, invoiceNumber } = await paidBundle(1000);
    const res = okBody(await end(admin, bundleId, { reason: 'Bought by mistake', kind: 'credit', amount: 100 }));
    const number = res.creditNote?.creditNoteNumber;
    expect(res.creditNote).toMatchObject({ net: 100, tax: 20, total: 120, kind: 'credit' });

    const link = okBody(await call(h, shop.owner, ShopCalls.bundleInvoice, { query: { bundleId } }));
    // The invoice page is HTML for the browser, not a contract call: read raw.
    const invoicePage = await h.inject({ method: 'GET', url: new URL(link.url).pathname + new URL(link.url).search });
    expect(invoicePage.statusCode).toBe(200);
    expect(invoicePage.body).toContain(invoiceNumber);

    const history = okBody(await call(h, shop.owner, ShopCalls.listInvoices, { query: { accountId: shop.ukAccount } }));
    const invoice = history.find((i) => i.invoiceNumber === invoiceNumber)!;
    const notes = invoice.creditNotes ?? [];
    expect(notes).toEqual([expect.objectContaining({ creditNoteNumber: number, reason: 'Bought by mistake', total: 120 })]);

    const noteLink = okBody(await call(h, shop.owner, ShopCalls.creditNoteLink, { query: { creditNoteId: notes[0].creditNoteId } }));
    const url = new URL(noteLink.url);
    const page = await h.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(number);
    expect(page.body).toContain('Bought by mistake');
    expect(page.body).toContain('£1.20');
    // Its signature is its own: the same query on the invoice page is refused.
    const swapped = await h.inject({ method: 'GET', url: `${url.pathname.replace('/creditnotes/', '/invoices/')}?${url.search.slice(1).replace('creditNoteId', 'invoiceId')}` });
    expect(swapped.statusCode).toBe(403);
  });

  it('refuses to end a bundle twice, and a change to an ended bundle, in words', async () => {
    const { bundleId } = await paidBundle(1000);
    const first = okBody(await end(admin, bundleId, { reason: 'Duplicate purchase', kind: 'refund' }));
    const again = await end(admin, bundleId, { reason: 'Again', kind: 'refund' });
    expect(again.status).toBe(409);
    expect(msgOf(again)).toMatch(new RegExp(`^This bundle was already ended on \\d{2}/\\d{2}/\\d{4} with credit note ${first.creditNote?.creditNoteNumber}: it cannot be ended twice$`));
    const { rows } = await query<{ n: number }>(h.db, 'select count(*)::int as n from credit_notes where bundle_id = $1', [bundleId]);
    expect(rows[0].n).toBe(1);
    const changed = await call(h, admin, Plans.updateBundle, { query: { bundleId }, body: { endDate: 4_000_000_000 } });
    expect(changed.status).toBe(409);
  });

  it('refuses an amount above what the invoice billed for the bundle, and a missing reason, leaving nothing half-written', async () => {
    const { bundleId } = await paidBundle(1000);
    const tooMuch = await end(admin, bundleId, { reason: 'Goodwill', kind: 'credit', amount: 3001 });
    expect([tooMuch.status, tooMuch.body]).toEqual([400, { statusCode: 400, msg: 'The amount is at most £30.00 before VAT: what the invoice billed for this bundle' }]);
    const noReason = await end(admin, bundleId, { reason: '  ', kind: 'credit' });
    expect(noReason.status).toBe(400);
    expect(msgOf(noReason)).toContain('Give the reason for ending the bundle');
    const { rows } = await query<{ ended_at: number | null }>(h.db, 'select ended_at from bundles where id = $1', [bundleId]);
    expect(rows[0].ended_at).toBeNull();
    const notes = await query<{ n: number }>(h.db, 'select count(*)::int as n from credit_notes where bundle_id = $1', [bundleId]);
    expect(notes.rows[0].n).toBe(0);
  });

  it('is for admin and super: sales and the account owner are refused and nothing changes', async () => {
    const { bundleId } = await paidBundle(1000);
    const sales = await signedIn(h, ['sales']);
    const refused = await end(sales, bundleId, { reason: 'r', kind: 'refund' });
    expect([refused.status, refused.body]).toEqual([403, { statusCode: 403, msg: accessRefusals.adminOnly }]);
    expect((await end(shop.owner, bundleId, { reason: 'r', kind: 'refund' })).status).toBe(403);
    const { rows } = await query<{ ended_at: number | null }>(h.db, 'select ended_at from bundles where id = $1', [bundleId]);
    expect(rows[0].ended_at).toBeNull();
  });
});
