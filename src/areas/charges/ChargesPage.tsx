import { useMemo, type FormEvent } from 'react';
import { useLoaderData, useNavigate } from '@tanstack/react-router';
import { formatMoney } from '../../../contract/shared/catalogue';
import { orderStatuses, salesTax } from '../../../contract/shared/shop';
import { territoryLabels } from '../../../contract/shared/territory';
import { UsageChart } from '../../shared/charts/UsageChart';
import { downloadCsv } from '../../shared/csv';
import { formValues } from '../../shared/Field';
import { formatDate } from '../../shared/format';
import { ResultTable } from '../../shared/ResultTable';
import { TerritoryField } from '../../shared/TerritoryField';
import { chargeRows, chartMoney, kindLabels, paidPerDay, paidTotals, searchOf, statusLabels } from './chargesText';
import './charges.css';

/** /charges (admin, super, sales): every account's orders with their payments, filtered, totalled and charted. */
export default function ChargesPage() {
  const { charges, filters, problems } = useLoaderData({ from: '/_signedIn/_validated/charges' });
  const navigate = useNavigate();
  const totals = paidTotals(charges);
  const perDay = useMemo(() => paidPerDay(charges), [charges]);
  const rows = charges.map((c) => ({ ...c, id: c.orderId }));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void navigate({ to: '/charges', search: searchOf(formValues(e.currentTarget)) });
  };

  return (
    <div className="charges-page">
      <section className="card" aria-labelledby="charges-title">
        <h1 id="charges-title">Charges</h1>
        <p className="muted">Every order of every account: shop purchases, automatic renewals and bureau files. Dates are dd/mm/yyyy.</p>
        {/* Keyed by the filters: going back in history shows the filters of that address. */}
        <form key={JSON.stringify(filters)} className="charges__filters" onSubmit={submit} aria-label="Filter the charges">
          <div className="field">
            <label htmlFor="charges-from">From</label>
            <input id="charges-from" name="from" type="date" defaultValue={filters.from} />
          </div>
          <div className="field">
            <label htmlFor="charges-to">To</label>
            <input id="charges-to" name="to" type="date" defaultValue={filters.to} />
          </div>
          <div className="field">
            <label htmlFor="charges-status">Status</label>
            <select id="charges-status" name="status" defaultValue={filters.status}>
              <option value="">Any status</option>
              {orderStatuses.map((s) => (
                <option key={s} value={s}>
                  {statusLabels[s]}
                </option>
              ))}
            </select>
          </div>
          <TerritoryField id="charges-territory" defaultValue={filters.territory} both="Both" />
          <div className="charges__buttons">
            <button type="submit" className="button button--primary">
              Apply filters
            </button>
            <button type="button" className="button" onClick={() => void navigate({ to: '/charges', search: {} })}>
              Clear
            </button>
          </div>
        </form>
        {problems.map((p) => (
          <p key={p} className="field-error charges__problem" role="alert">
            {p}
          </p>
        ))}
      </section>

      <section className="card" aria-labelledby="charges-totals-title">
        <h2 id="charges-totals-title">Paid totals</h2>
        {totals.length === 0 ? (
          <p className="muted">No paid orders among these charges.</p>
        ) : (
          <dl className="charges__totals">
            {totals.map((t) => (
              <div key={t.territory} data-testid={`paid-total-${t.territory}`}>
                <dt>
                  {territoryLabels[t.territory]}: {t.count} paid {t.count === 1 ? 'order' : 'orders'}
                </dt>
                <dd>
                  {formatMoney(t.total, t.territory)}{' '}
                  <span className="muted">
                    ({formatMoney(t.net, t.territory)} net + {formatMoney(t.tax, t.territory)} {salesTax[t.territory].name})
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        )}
        {perDay.days.length > 0 && (
          <UsageChart
            id="charges-chart"
            kind="bar"
            summary={`Paid totals per day and territory, ${perDay.days[0]} to ${perDay.days.at(-1)}.`}
            ticks={perDay.ticks}
            labels={perDay.days}
            series={perDay.series}
            unit=""
            format={chartMoney}
          />
        )}
      </section>

      <section className="card" aria-labelledby="charges-list-title">
        <div className="charges__list-head">
          <h2 id="charges-list-title">Orders ({charges.length})</h2>
          {rows.length > 0 && (
            <button type="button" className="button button--small" onClick={() => downloadCsv('Charges.csv', chargeRows(charges))}>
              Export CSV
            </button>
          )}
        </div>
        <ResultTable
          labelledBy="charges-list-title"
          rows={rows}
          empty="No charges match these filters."
          columns={[
            { header: 'Order', cell: (c) => c.orderId, className: 'num' },
            { header: 'Date', cell: (c) => formatDate(c.createdAt) },
            { header: 'Kind', cell: (c) => kindLabels[c.kind] },
            { header: 'Status', cell: (c) => <span className={`badge badge--${c.status === 'paid' ? 'ok' : c.status === 'pending' ? 'muted' : 'danger'}`}>{statusLabels[c.status]}</span> },
            { header: 'Organisation', cell: (c) => c.organisationName ?? '—' },
            { header: 'User', cell: (c) => c.userEmail ?? '—' },
            { header: 'Net', cell: (c) => formatMoney(c.net, c.territory), className: 'num' },
            { header: 'Tax', cell: (c) => `${formatMoney(c.tax, c.territory)} ${salesTax[c.territory].name}`, className: 'num' },
            { header: 'Total', cell: (c) => formatMoney(c.total, c.territory), className: 'num' },
            { header: 'Invoice', cell: (c) => c.invoiceNumber ?? '—' },
            { header: 'Failure', cell: (c) => c.failure ?? '' },
          ]}
        />
      </section>
    </div>
  );
}
