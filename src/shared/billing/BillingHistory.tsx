import { formatMoney } from '../../../contract/shared/catalogue';
import { salesTax } from '../../../contract/shared/shop';
import { downloadCsv } from '../csv';
import { formatDate } from '../format';
import { ResultTable } from '../ResultTable';
import type { InvoiceSummary } from '../../api/shop';
import { historyLines, invoiceRows, type CreditNote } from './billingText';

type Props = {
  accountName: string;
  invoices: InvoiceSummary[];
  busy: boolean;
  onOpen: (invoice: InvoiceSummary) => void;
  onOpenCreditNote: (note: CreditNote) => void;
};

/**
 * The account's invoices, newest first: one per paid order (a shop purchase or an automatic
 * renewal), and the credit notes against them when staff ended a paid bundle early, with the reason.
 */
export function BillingHistory({ accountName, invoices, busy, onOpen, onOpenCreditNote }: Props) {
  const rows = historyLines(invoices);
  return (
    <section className="billing__part" aria-labelledby="billing-history-title">
      <div className="subscription__bundles-head">
        <h3 id="billing-history-title">Billing history</h3>
        {rows.length > 0 && (
          <button type="button" className="button button--small" onClick={() => downloadCsv(`Invoices of ${accountName}.csv`, invoiceRows(invoices))}>
            Export CSV
          </button>
        )}
      </div>
      <ResultTable
        labelledBy="billing-history-title"
        stack
        rows={rows}
        empty="No invoices yet. Each purchase in the shop and each automatic renewal adds one."
        columns={[
          {
            header: 'Invoice',
            cell: (l) => (l.document === 'creditNote' ? <span className="billing__credit-number">Credit note {l.number}</span> : l.number),
            className: 'nowrap',
          },
          { header: 'Date', cell: (l) => formatDate(l.date), className: 'nowrap' },
          { header: 'Description', cell: (l) => l.description, className: 'billing__description' },
          { header: 'Net', cell: (l) => formatMoney(l.net, l.territory), className: 'num' },
          { header: 'VAT/GST', cell: (l) => <span title={salesTax[l.territory].label}>{formatMoney(l.tax, l.territory)}</span>, className: 'num' },
          { header: 'Total', cell: (l) => formatMoney(l.total, l.territory), className: 'num' },
          {
            header: 'Actions',
            cell: (l) =>
              l.document === 'creditNote' ? (
                <button type="button" className="link-button" disabled={busy} onClick={() => onOpenCreditNote(l.creditNote)} aria-label={`Open credit note ${l.number}`}>
                  Open credit note
                </button>
              ) : (
                <button
                  type="button"
                  className="link-button"
                  disabled={busy || l.invoice.bundleIds.length === 0}
                  onClick={() => onOpen(l.invoice)}
                  aria-label={`Open invoice ${l.number}`}
                >
                  Open invoice
                </button>
              ),
          },
        ]}
      />
    </section>
  );
}
