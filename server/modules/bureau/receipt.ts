import type { z } from 'zod';
import type * as S from '../../../contract/bureau/schemas';
import { invoiceNumberText } from '../../../contract/shared/shop';
import { AppError, conflict } from '../../errors';
import type { Deps } from '../../kernel/deps';
import { invoiceLink, portalReturnUrl } from '../shop/index';
import { bureauMessages, fileView, ownFile, resultsOf, type BureauCaller } from './files';
import { invoiceOfOrder } from './queries';

// GET /files/results/receipt ?fileId, backUrl: what the file's page shows once its results are paid
// for: the results' statistics, the price lines fixed at payment and their total, the invoice (a
// signed link to the printable invoice, with a Back link to the file's page), and until when the
// results are kept under the account's retention.

type ReceiptDeps = Pick<Deps, 'db' | 'clock' | 'config'>;
type Receipt = z.input<typeof S.getResultsReceipt.response>;

export async function getResultsReceipt(deps: ReceiptDeps, caller: BureauCaller, input: { query: { fileId: number; backUrl?: string }; origin: string }): Promise<Receipt> {
  const { db } = deps;
  const file = await ownFile(db, caller.user, input.query.fileId, { wide: 'allowed' });
  if (file.status !== 'paid' || file.order_id === null) throw new AppError(402, bureauMessages.notPaid);
  const results = resultsOf(file);
  if (results === null || file.cost === null) throw conflict(bureauMessages.noResults);
  const invoice = await invoiceOfOrder(db, file.order_id);
  if (!invoice) throw conflict(bureauMessages.noResults);
  const back = input.query.backUrl ? portalReturnUrl(deps, input.origin, input.query.backUrl, {}) : '';
  const view = await fileView(deps, file);
  return {
    results,
    costs: file.cost,
    invoiceNumber: invoiceNumberText(invoice.territory, invoice.number),
    invoiceUrl: await invoiceLink(deps, input.origin, invoice.id, back),
    paidAt: view.paidAt ?? Number(invoice.issued_at),
    expiresAt: view.expiresAt,
  };
}
