import { useMemo } from 'react';
import { Link, useLoaderData } from '@tanstack/react-router';
import { dqServiceLabels } from '../../../contract/shared/catalogue';
import type { PlanUsageReport } from '../../../contract/usage/entities';
import { count } from '../../shared/charts/buckets';
import { UsageChart } from '../../shared/charts/UsageChart';
import { UsageTable } from '../../shared/charts/UsageTable';
import { PageTour } from '../../shared/helptips/PageTour';
import { summaryTour } from '../../shared/helptips/tours/reportingSummary';
import { rangeText, type ResolvedRange } from './range';
import { NoUsage, ReportShell } from './ReportShell';
import { describeOverTime, overTime, planLabel } from './series';

/** /reporting/summary: each subscription's clicks consumed in the range against what is left now, and use over time. */
export default function SummaryReport() {
  const { account, organisation, range, now, report } = useLoaderData({ from: '/_signedIn/_validated/reporting/summary' });
  return (
    <ReportShell
      path="/reporting/summary"
      title="Usage summary"
      intro="What each subscription has used in the range against the clicks it has left, and how use changed over time."
      account={account}
      organisation={organisation}
      range={range}
      now={now}
    >
      {report && <SummaryBody report={report} range={range} />}
    </ReportShell>
  );
}

type PlanRow = PlanUsageReport['plans'][number];

function SummaryBody({ report, range }: { report: PlanUsageReport; range: ResolvedRange }) {
  const rangeWords = `from ${rangeText(range.snapped)}`;
  const subjects = useMemo(
    // Lines and columns for the subscriptions used in the range; the table above lists them all.
    () => report.plans.filter((p) => p.clicks > 0).map((p) => ({ key: String(p.planId), label: planLabel(p), clicks: p.clicks, usage: p.usage })),
    [report],
  );
  const time = useMemo(() => overTime(report.periods, report.period, subjects, report.usage, report.clicks), [report, subjects]);
  const bars = useMemo(
    () => [
      { label: 'Consumed in range', values: report.plans.map((p) => p.clicks) },
      { label: 'Remaining now', values: report.plans.map((p) => p.remainClicks) },
    ],
    [report],
  );
  const names = useMemo(() => report.plans.map((p) => (p.plan.length > 18 ? `${p.plan.slice(0, 17)}…` : p.plan)), [report]);
  const fullNames = useMemo(() => report.plans.map(planLabel), [report]);
  const remaining = report.plans.reduce((sum, p) => sum + p.remainClicks, 0);
  const file = (what: string) => `usage-${what}-${report.accountId}-${report.period}.csv`;

  if (report.plans.length === 0) {
    return (
      <section className="card empty-state" aria-labelledby="no-subscriptions-title">
        <h2 id="no-subscriptions-title">No subscriptions yet</h2>
        <p>This account has no services yet, so there is no usage to report. A service starts with a bundle of clicks of one of its plans.</p>
        <p>
          <Link to="/shop" className="button button--primary">
            Visit the Shop
          </Link>
        </p>
      </section>
    );
  }

  return (
    <>
      <section className="card" aria-labelledby="summary-subscriptions-title" id="summary-subscriptions">
        <h2 id="summary-subscriptions-title">Remaining against consumed</h2>
        <p className="muted">
          Clicks each subscription consumed {rangeWords}, beside the clicks its running bundles have left today. {count(report.clicks)} clicks
          consumed in all.
        </p>
        <div className="report__pair">
          <UsageChart
            id="summary-subscriptions-chart"
            kind="bar"
            summary={`Bar chart of ${report.plans.length} subscriptions: ${report.plans.map((p) => `${planLabel(p)} consumed ${count(p.clicks)} and has ${count(p.remainClicks)} remaining`).join('; ')}.`}
            ticks={names}
            labels={fullNames}
            series={bars}
          />
          <UsageTable<PlanRow>
            id="summary-subscriptions-table"
            title="Subscriptions"
            rows={report.plans}
            rowKey={(p) => p.planId}
            fileName={file('subscriptions')}
            empty="This account has no subscriptions."
            totalLabel="Total"
            columns={[
              // The numbers first: on a phone the table scrolls sideways after them.
              { header: 'Subscription', value: (p) => p.plan },
              { header: 'Consumed in range', value: (p) => p.clicks, total: report.clicks },
              { header: 'Remaining now', value: (p) => p.remainClicks, total: remaining },
              { header: 'Service', value: (p) => dqServiceLabels[p.service] },
            ]}
          />
        </div>
      </section>

      <section className="card" aria-labelledby="summary-over-time-title" id="summary-over-time">
        <h2 id="summary-over-time-title">Usage over time</h2>
        {report.clicks === 0 ? (
          <NoUsage />
        ) : (
          <div className="report__pair">
            <UsageChart
              id="summary-over-time-chart"
              summary={describeOverTime(`for ${subjects.length} subscriptions`, rangeWords, report.period, time.rows, report.clicks)}
              ticks={time.ticks}
              labels={time.labels}
              series={time.series}
            />
            <UsageTable
              id="summary-over-time-table"
              title="Clicks per period"
              rows={time.rows}
              rowKey={(r) => r.period}
              fileName={file('over-time')}
              empty="No usage in this range."
              totalLabel="Total"
              columns={time.columns}
            />
          </div>
        )}
      </section>
      <PageTour tour={summaryTour} />
    </>
  );
}
