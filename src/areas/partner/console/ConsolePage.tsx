import { useMemo } from 'react';
import { Link, useLoaderData, useNavigate } from '@tanstack/react-router';
import { formatMoney } from '../../../../contract/shared/catalogue';
import { territoryLabels } from '../../../../contract/shared/territory';
import { count } from '../../../shared/charts/buckets';
import { UsageChart } from '../../../shared/charts/UsageChart';
import { UsageTable } from '../../../shared/charts/UsageTable';
import { DateRangeForm } from '../../../shared/DateRangeForm';
import { dayRangeText } from '../../../shared/dateRange';
import { accountLabel, clickSeries, currencyCode, spendSeries, spendTotalText } from './consoleText';
import './console.css';

/** /partner/console (ours): usage and spend per client account of the partner over a range: totals, two charts and a table with CSV. */
export default function ConsolePage() {
  const { now, range, partner, report } = useLoaderData({ from: '/_signedIn/_validated/partner/console' });
  const navigate = useNavigate();
  const clicks = useMemo(() => clickSeries(report), [report]);
  const spend = useMemo(() => spendSeries(report), [report]);
  const apply = (data: FormData) => void navigate({ to: '/partner/console', search: { from: String(data.get('from')), to: String(data.get('to')) } });
  const used = report.accounts.filter((a) => a.clicks > 0);
  const totalClicks = report.totals.reduce((n, t) => n + t.clicks, 0);
  const words = dayRangeText(range);

  return (
    <div className="partner-console">
      <section className="card" aria-labelledby="console-title">
        <div className="card__header">
          <div>
            <h1 id="console-title">Console of {partner.name}</h1>
            <p className="muted">
              What each of your client accounts used and spent, day by day. Spend is each click at the price of the bundle it came from, in
              the account&apos;s currency. Days are UTC.
            </p>
          </div>
          <Link to="/partner/administration" className="button">
            Partner administration
          </Link>
        </div>
        <DateRangeForm id="console-range" label="Choose the dates of the console" range={range} now={now} onApply={apply} />
        <dl className="console__totals">
          <div>
            <dt>Client accounts</dt>
            <dd data-testid="console-accounts">{count(report.accounts.length)}</dd>
          </div>
          <div>
            <dt>Accounts that used clicks</dt>
            <dd>{count(used.length)}</dd>
          </div>
          <div>
            <dt>Clicks</dt>
            <dd data-testid="console-clicks">{count(totalClicks)}</dd>
          </div>
          {report.totals.map((t) => (
            <div key={t.territory}>
              <dt>Spend, {territoryLabels[t.territory]}</dt>
              <dd data-testid={`console-spend-${t.territory}`}>{formatMoney(t.spend, t.territory)}</dd>
            </div>
          ))}
        </dl>
      </section>

      {totalClicks === 0 ? (
        <section className="card empty-state" aria-labelledby="console-empty-title">
          <h2 id="console-empty-title">No clicks from {words}</h2>
          <p>None of your client accounts used a service in these dates. Choose a longer range above.</p>
        </section>
      ) : (
        <section className="card console__charts" aria-labelledby="console-charts-title">
          <h2 id="console-charts-title">From {words}</h2>
          <h3 id="console-clicks-title">Clicks per day</h3>
          <UsageChart
            id="console-clicks-chart"
            summary={`Line chart of clicks per day per client account from ${words}: ${clicks.series.map((s) => `${s.label} ${count(s.values.reduce((n, v) => n + v, 0))}`).join('; ')}.`}
            ticks={clicks.ticks}
            labels={clicks.labels}
            series={clicks.series}
          />
          {spend.length > 0 && (
            <>
              <h3 id="console-spend-title">Spend per day</h3>
              <UsageChart
                id="console-spend-chart"
                summary={`Line chart of spend per day and currency from ${words}: ${spendTotalText(report.totals)} in all.`}
                ticks={clicks.ticks}
                labels={clicks.labels}
                series={spend}
                unit=""
                format={(v) => v.toLocaleString('en-GB', { maximumFractionDigits: 2 })}
              />
            </>
          )}
        </section>
      )}

      <section className="card" aria-labelledby="console-table-title">
        <UsageTable
          id="console-table"
          title="Per client account"
          headingLevel={2}
          fileName={`PartnerConsole-${range.from}-${range.to}.csv`}
          rows={report.accounts}
          rowKey={(a) => a.accountId}
          empty="No client accounts under this partner yet."
          totalLabel="All accounts"
          columns={[
            { header: 'Account', value: (a) => accountLabel(a), total: '' },
            { header: 'Territory', value: (a) => territoryLabels[a.territory], total: '' },
            { header: 'Clicks', value: (a) => a.clicks, total: totalClicks },
            { header: 'Currency', value: (a) => currencyCode(a.territory), total: '' },
            { header: 'Spend', value: (a) => a.spend / 100, cell: (a) => formatMoney(a.spend, a.territory), total: spendTotalText(report.totals) },
          ]}
        />
      </section>
    </div>
  );
}
