import type { FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { formatMoney } from '../../../../contract/shared/catalogue';
import { territoryLabels } from '../../../../contract/shared/territory';
import { TerritoryField } from '../../../shared/TerritoryField';
import { count } from '../../../shared/charts/buckets';
import { UsageChart } from '../../../shared/charts/UsageChart';
import { downloadCsv } from '../../../shared/csv';
import { DateRangeForm } from '../../../shared/DateRangeForm';
import { dayRangeText } from '../../../shared/dateRange';
import { formatDate } from '../../../shared/format';
import { ResultTable } from '../../../shared/ResultTable';
import type { JobCharge } from '../../../api/bureau';
import type { BureauAdminData } from './load';
import { chartMoney, jobCsv, jobsPerMaf, jobTotals } from './reportText';

type Data = Extract<BureauAdminData, { view: 'jobs' }>;

/** GET /admin/jobcharges: every paid file's charges over a range; the totals, chart and CSV are of the jobs included. */
export function JobChargesReport({ data }: { data: Data }) {
  const navigate = useNavigate();
  const { range, territory, jobs, included, mafs } = data;
  const includedIds = new Set(included.map((j) => j.jobId));
  const mafName = (id: number | null) => mafs.find((m) => m.mafId === id)?.mafName ?? 'Unknown reference file';
  const totals = jobTotals(included);
  const single = totals.length === 1 ? totals[0].territory : null;
  const chart = single ? jobsPerMaf(included, mafName) : null;
  const filters = { view: 'jobs' as const, from: range.from, to: range.to, ...(territory ? { territory } : {}) };

  const apply = (form: FormData) => {
    const chosen = String(form.get('territory') ?? '');
    void navigate({
      to: '/administration/addresscleanse',
      search: { view: 'jobs', from: String(form.get('from')), to: String(form.get('to')), ...(chosen ? { territory: chosen } : {}) },
    });
  };
  const include = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const ids = new FormData(e.currentTarget).getAll('job').map(String);
    void navigate({ to: '/administration/addresscleanse', search: ids.length === jobs.length ? filters : { ...filters, jobs: ids.join(',') } });
  };

  return (
    <>
      <section className="card" aria-labelledby="jobs-filter-title">
        <h2 id="jobs-filter-title">Job charges</h2>
        <DateRangeForm key={JSON.stringify([range.from, range.to, territory])} id="jobs-range" label="Choose the job charges report" range={range} now={data.now} onApply={apply} problems={data.problems}>
          <TerritoryField id="jobs-territory" defaultValue={territory ?? ''} both="Both" />
        </DateRangeForm>
      </section>

      <section className="card" aria-labelledby="jobs-totals-title">
        <h2 id="jobs-totals-title">
          {included.length} of {jobs.length} {jobs.length === 1 ? 'job' : 'jobs'}, {dayRangeText(range)}
        </h2>
        {totals.length === 0 ? (
          <p className="empty-state">
            <strong>No jobs {jobs.length === 0 ? 'in this range' : 'included'}.</strong>{' '}
            {jobs.length === 0 ? 'A job is charged when a customer pays for a file’s results; choose a longer range.' : 'Tick the jobs to add up below.'}
          </p>
        ) : (
          <dl className="bureau-admin__totals">
            {totals.map((t) => (
              <div key={t.territory} data-testid={`jobs-total-${t.territory}`}>
                <dt>
                  {territoryLabels[t.territory]}: {t.jobs} {t.jobs === 1 ? 'job' : 'jobs'}, {count(t.records)} records
                </dt>
                <dd>
                  {formatMoney(t.charges, t.territory)} charged, {formatMoney(t.realCharges, t.territory)} royalty
                </dd>
              </div>
            ))}
          </dl>
        )}
        {chart && single && (
          <UsageChart
            id="jobs-chart"
            kind="bar"
            summary={`Charged and royalty per reference file, ${territoryLabels[single]}: ${chart.ticks.map((name, i) => `${name} charged ${chartMoney(chart.series[0].values[i])}, royalty ${chartMoney(chart.series[1].values[i])}`).join('; ')}.`}
            ticks={chart.ticks}
            labels={chart.ticks}
            series={chart.series.map((s) => ({ ...s, label: `${s.label} (${single === 'uk' ? '£' : 'A$'})` }))}
            unit=""
            format={chartMoney}
          />
        )}
        {totals.length > 1 && <p className="muted">Choose one territory above to chart the charges: pounds and dollars are not drawn on one scale.</p>}
      </section>

      <section className="card" aria-labelledby="jobs-list-title">
        <div className="bureau-admin__head">
          <h2 id="jobs-list-title">Jobs</h2>
          {included.length > 0 && (
            <button type="button" className="button button--small" onClick={() => downloadCsv(`JobCharges-${range.from}-${range.to}.csv`, jobCsv(included, mafName))}>
              Export CSV
            </button>
          )}
        </div>
        <form id="included-jobs" key={[...includedIds].join(',')} onSubmit={include} aria-label="Included jobs">
          <ResultTable<JobCharge & { id: number }>
            labelledBy="jobs-list-title"
            rows={jobs.map((j) => ({ ...j, id: j.jobId }))}
            empty="No jobs were charged in this range."
            columns={[
              {
                header: 'Include',
                cell: (j) => <input type="checkbox" name="job" value={j.jobId} defaultChecked={includedIds.has(j.jobId)} aria-label={`Include job ${j.jobId}`} />,
              },
              { header: 'Job', cell: (j) => j.jobId, className: 'num' },
              { header: 'Date', cell: (j) => formatDate(j.date) },
              { header: 'Account', cell: (j) => j.accountName },
              { header: 'File', cell: (j) => j.fileName },
              { header: 'Reference file', cell: (j) => mafName(j.mafId) },
              { header: 'Records', cell: (j) => count(j.totalCount), className: 'num' },
              { header: 'Charged', cell: (j) => formatMoney(j.totalCharges, j.territory), className: 'num' },
              { header: 'Royalty', cell: (j) => formatMoney(j.totalRealCharges, j.territory), className: 'num' },
              { header: 'Payment', cell: (j) => (j.isPostPay ? 'Post-pay' : 'Paid') },
            ]}
          />
          {jobs.length > 0 && (
            <div className="form__row form__row--spaced">
              <button type="submit" className="button button--primary">
                Add up the ticked jobs
              </button>
            </div>
          )}
        </form>
      </section>
    </>
  );
}
