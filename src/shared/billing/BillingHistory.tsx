import { formatMoney } from '../../../contract/shared/catalogue';
import { salesTax } from '../../../contract/shared/shop';
import { downloadCsv } from '../csv';
import { formatDate } from '../format';
import { ResultTable } from '../ResultTable';
import type { InvoiceSummary } from '../../api/billing';
import { invoiceRows } from './billingText';

type Props = {
  accountName: string;
  invoices: InvoiceSummary[];
  busy: boolean;
  onOpen: (invoice: InvoiceSummary) => void;
};

/** The account's invoices, newest first: one per paid order (a shop purchase or an automatic renewal). */
export function BillingHistory({ accountName, invoices, busy, onOpen }: Props) {
  const rows = invoices.map((i) => ({ ...i, id: i.invoiceId }));
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
        rows={rows}
        empty="No invoices yet. Each purchase in the shop and each automatic renewal adds one."
        columns={[
          { header: 'Invoice', cell: (i) => i.invoiceNumber, className: 'nowrap' },
          { header: 'Date', cell: (i) => formatDate(i.issuedAt), className: 'nowrap' },
          { header: 'Description', cell: (i) => (i.kind === 'renewal' ? `Automatic renewal: ${i.description}` : i.description), className: 'billing__description' },
          { header: 'Net', cell: (i) => formatMoney(i.net, i.territory), className: 'num' },
          { header: 'VAT/GST', cell: (i) => <span title={salesTax[i.territory].label}>{formatMoney(i.tax, i.territory)}</span>, className: 'num' },
          { header: 'Total', cell: (i) => formatMoney(i.total, i.territory), className: 'num' },
          {
            header: 'Actions',
            cell: (i) => (
              <button
                type="button"
                className="link-button"
                disabled={busy || i.bundleIds.length === 0}
                onClick={() => onOpen(i)}
                aria-label={`Open invoice ${i.invoiceNumber}`}
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
