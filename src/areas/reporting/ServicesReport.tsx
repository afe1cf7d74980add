import { useMemo } from 'react';
import { useLoaderData, useNavigate } from '@tanstack/react-router';
import { dqServiceLabels } from '../../../contract/shared/catalogue';
import { testCallCount } from '../../../contract/shared/testCalls';
import type { CountryUsageReport, PlanUsageReport } from '../../../contract/usage/entities';
import { count } from '../../shared/charts/buckets';
import { UsageChart } from '../../shared/charts/UsageChart';
import { UsageTable } from '../../shared/charts/UsageTable';
import { countryName } from './countries';
import { rangeText, type ResolvedRange } from './range';
import { NoUsage, ReportShell } from './ReportShell';
import { describeOverTime, overTime, planLabel } from './series';

/** /reporting/services: clicks per plan and service over time (all plans or one), and per country. */
export default function ServicesReport() {
  const data = useLoaderData({ from: '/_signedIn/_validated/reporting/services' });
  const { account, organisation, range, now, report, countries, plans, params } = data;
  return (
    <ReportShell
      path="/reporting/services"
      title="Usage by service"
      intro="Clicks per plan and service over time, and the countries the calls came from."
      account={account}
      organisation={organisation}
      range={range}
      now={now}
    >
      {report && countries && <ServicesBody report={report} countries={countries} plans={plans} planId={params.planId} range={range} />}
    </ReportShell>
  );
}

type CountryRow = CountryUsageReport['countries'][number];

function ServicesBody({
  report,
  countries,
  plans,
  planId,
  range,
}: {
  report: PlanUsageReport;
  countries: CountryUsageReport;
  plans: PlanUsageReport['plans'];
  planId: number | undefined;
  range: ResolvedRange;
}) {
  const navigate = useNavigate({ from: '/reporting/services' });
  const rangeWords = `from ${rangeText(range.snapped)}`;
  const shown = useMemo(() => report.plans.filter((p) => (planId === undefined ? p.clicks > 0 : p.planId === planId)), [report, planId]);
  const subjects = useMemo(() => shown.map((p) => ({ key: String(p.planId), label: planLabel(p), clicks: p.clicks, usage: p.usage })), [shown]);
  const time = useMemo(() => overTime(report.periods, report.period, subjects, report.usage, report.clicks), [report, subjects]);
  const countrySeries = useMemo(() => [{ label: 'Clicks', values: countries.countries.map((c) => c.clicks) }], [countries]);
  const countryTicks = useMemo(() => countries.countries.map((c) => c.country || '?'), [countries]);
  const countryLabels = useMemo(() => countries.countries.map((c) => countryName(c.country)), [countries]);
  const which = planId === undefined ? 'all-plans' : `plan-${planId}`;
  const file = (what: string) => `usage-${what}-${report.accountId}-${which}.csv`;
  const share = (clicks: number) => (countries.clicks === 0 ? '0%' : `${Math.round((clicks / countries.clicks) * 1000) / 10}%`);

  return (
    <>
      <section className="card" aria-labelledby="services-plan-title" id="services-over-time">
        <h2 id="services-plan-title">Per plan and service</h2>
        <div className="report__pick">
          <label className="field">
            <span>Plan</span>
            <select
              value={planId ?? ''}
              onChange={(e) => void navigate({ search: (prev) => ({ ...prev, planId: e.target.value === '' ? undefined : Number(e.target.value) }) })}
            >
              <option value="">All plans</option>
              {plans.map((p) => (
                <option key={p.planId} value={p.planId}>
                  {p.plan} · {dqServiceLabels[p.service]}
                </option>
              ))}
            </select>
          </label>
          <p className="muted">
            {count(report.clicks)} clicks {rangeWords}
            {report.testCalls ? `, and ${testCallCount(report.testCalls)} (free, not among the clicks)` : ''}.
          </p>
        </div>
        {report.clicks === 0 ? (
          <NoUsage />
        ) : (
          <div className="report__pair">
            <UsageChart
              id="services-over-time-chart"
              summary={describeOverTime(planId === undefined ? `for ${shown.length} plans used` : `for ${planLabel(shown[0])}`, rangeWords, report.period, time.rows, report.clicks)}
              ticks={time.ticks}
              labels={time.labels}
              series={time.series}
            />
            <UsageTable
              id="services-over-time-table"
              title="Clicks per period"
              rows={time.rows}
              rowKey={(r) => r.period}
              fileName={file('per-plan')}
              empty="No usage in this range."
              totalLabel="Total"
              columns={time.columns}
            />
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="services-country-title" id="services-countries">
        <h2 id="services-country-title">Per country</h2>
        <p className="muted">Where the calls came from, by the caller's address, whole days {rangeWords}.</p>
        {countries.clicks === 0 ? (
          <NoUsage />
        ) : (
          <div className="report__pair">
            <UsageChart
              id="services-country-chart"
              kind="bar"
              summary={`Bar chart of clicks per country ${rangeWords}: ${countries.countries
                .slice(0, 5)
                .map((c) => `${countryName(c.country)} ${count(c.clicks)}`)
                .join(', ')}${countries.countries.length > 5 ? ` and ${countries.countries.length - 5} more` : ''}.`}
              ticks={countryTicks}
              labels={countryLabels}
              series={countrySeries}
            />
            <UsageTable<CountryRow>
              id="services-country-table"
              title="Clicks per country"
              rows={countries.countries}
              rowKey={(c) => c.country || 'unknown'}
              fileName={file('per-country')}
              empty="No usage in this range."
              totalLabel="Total"
              columns={[
                { header: 'Country', value: (c) => countryName(c.country) },
                { header: 'Clicks', value: (c) => c.clicks, total: countries.clicks },
                { header: 'Share', value: (c) => share(c.clicks) },
              ]}
            />
          </div>
        )}
      </section>
    </>
  );
}
