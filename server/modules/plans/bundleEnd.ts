import type { z } from 'zod';
import type { Bundle } from '../../../contract/plans/entities';
import type { endBundleInput } from '../../../contract/plans/schemas';
import { formatMoney } from '../../../contract/shared/catalogue';
import { creditNoteNumberText, taxOn, unusedShare } from '../../../contract/shared/shop';
import { badRequest, conflict } from '../../errors';
import { secondsOf, utcDate } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { assertUserMay, authoriseGroup, type Caller } from '../access/index';
import { nextNumber } from '../shop/index';
import { bundleRows } from './accountQueries';
import {
  bundleOwner,
  bundleToEndForUpdate,
  creditedOnInvoice,
  creditNoteOfBundle,
  insertCreditNote,
  invoiceOfOrderForUpdate,
  lockSubscription,
  markBundleEnded,
} from './bundleQueries';
import { assertRowId, missing } from './notFound';

// Ending a paid bundle early (admin and super): its row stays (usage and the invoice point at it),
// it is marked ended with the reason so the meter spends its clicks no more, and a credit note is
// issued against the invoice that paid for it, numbered per territory like invoices. One
// transaction: the bundle is ended with its credit note or not at all.

type EndDeps = Pick<Deps, 'db' | 'clock'>;

/**
 * POST /bundles/end ?bundleId. The amount is the net credited (default: the unused clicks' share of
 * the bundle's price), at most the bundle's price and what the invoice has not yet credited; the
 * tax is reversed at the invoice's rate on that amount.
 */
export async function endBundle(
  deps: EndDeps,
  caller: Caller,
  input: { query: { bundleId: number }; body: z.output<typeof endBundleInput> },
): Promise<Bundle> {
  assertUserMay(caller, 'end paid bundles');
  const { bundleId } = input.query;
  const { reason, kind, amount } = input.body;
  assertRowId(bundleId, missing.bundle);
  const now = secondsOf(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    const found = await bundleOwner(trx, bundleId);
    if (!found) throw missing.bundle();
    await authoriseGroup(trx, caller, found.account_id, 'staff');
    // The subscription first, then the bundle: the meter locks in that order, so a click being
    // taken now finishes first and none is taken after this commits.
    await lockSubscription(trx, found.account_id, found.plan_id);
    const bundle = await bundleToEndForUpdate(trx, bundleId);
    if (!bundle) throw missing.bundle();
    if (bundle.ended_at !== null) {
      const note = await creditNoteOfBundle(trx, bundleId);
      const on = note ? ` with credit note ${creditNoteNumberText(note.territory, note.number)}` : '';
      throw conflict(`This bundle was already ended on ${utcDate(Number(bundle.ended_at))}${on}: it cannot be ended twice`);
    }
    const invoice = bundle.order_id === null ? undefined : await invoiceOfOrderForUpdate(trx, bundle.order_id);
    if (!invoice) throw conflict('This bundle was not paid for on an invoice, so there is nothing to credit: change its end date or delete it instead');
    if (Number(bundle.end_date) <= now) throw conflict(`This bundle already ended on ${utcDate(Number(bundle.end_date))}: there is nothing left to end`);

    const price = Number(bundle.price);
    const credited = await creditedOnInvoice(trx, invoice.id);
    const most = Math.min(price, Number(invoice.net) - Number(credited.net));
    const net = amount ?? Math.min(most, unusedShare(price, bundle.clicks, bundle.used_clicks));
    if (net > most) {
      throw badRequest(`The amount is at most ${formatMoney(most, invoice.territory)} before ${invoice.territory === 'uk' ? 'VAT' : 'GST'}: what the invoice billed for this bundle`);
    }
    const tax = Math.min(taxOn(net, invoice.tax_rate_bp), Number(invoice.tax) - Number(credited.tax));

    await markBundleEnded(trx, bundleId, now, caller.id, reason);
    const number = await nextNumber(trx, 'credit_note_numbers', invoice.territory);
    await insertCreditNote(trx, {
      territory: invoice.territory,
      number,
      invoice_id: invoice.id,
      bundle_id: bundleId,
      account_id: found.account_id,
      kind,
      reason,
      issued_at: now,
      net,
      tax,
      total: net + tax,
      tax_rate_bp: invoice.tax_rate_bp,
      currency: invoice.currency,
      plan_name: bundle.plan,
      clicks: bundle.clicks,
      unused_clicks: bundle.clicks - bundle.used_clicks,
      created_by: caller.id,
    });
  });
  const [ended] = await bundleRows(deps.db, { bundleId });
  return ended;
}
