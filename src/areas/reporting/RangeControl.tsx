import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { usageHistoryMonths, usagePeriodLabels, usagePeriods, usageRangeProblem, type UsagePeriod } from '../../../contract/shared/usage';
import { dayOfSeconds, quickPicks, rangeText, secondsOfDay, type ResolvedRange } from './range';

// The range of a report: from and to dates, the period, and three quick picks. It lives in the URL
// (?from, to, period), so a report can be bookmarked and shared; Apply checks it first with the
// server's own rule (contract/shared/usage.ts).

type ReportPath = '/reporting/summary' | '/reporting/services' | '/reporting/tokens';

const snappingNote: Record<UsagePeriod, string> = {
  monthly: 'Monthly periods run from the first day of the from date’s month to the last day of the to date’s month.',
  weekly: 'Weekly periods run from the Monday of the from date’s week to the Sunday of the to date’s week.',
  daily: 'Daily periods cover the from date to the to date, both included.',
};

export function RangeControl({ path, range, now }: { path: ReportPath; range: ResolvedRange; now: number }) {
  const navigate = useNavigate({ from: path });
  const [from, setFrom] = useState(dayOfSeconds(range.fromDate));
  const [to, setTo] = useState(dayOfSeconds(range.toDate));
  const [period, setPeriod] = useState<UsagePeriod>(range.period);
  const [problem, setProblem] = useState<string | null>(null);

  function apply(event: FormEvent) {
    event.preventDefault();
    const fromDate = secondsOfDay(from);
    const toDate = secondsOfDay(to);
    if (Number.isNaN(fromDate) || Number.isNaN(toDate)) return setProblem('Enter both dates as dd/mm/yyyy.');
    const why = usageRangeProblem(fromDate, toDate, period);
    setProblem(why);
    if (!why) void navigate({ search: (prev) => ({ ...prev, from, to, period }) });
  }

  return (
    <section className="card range" aria-labelledby="range-title" id="report-range">
      <h2 id="range-title" className="range__title">
        Range
      </h2>
      <form className="range__form" onSubmit={apply} noValidate>
        <label className="field">
          <span>From</span>
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} required aria-describedby="range-shown" />
        </label>
        <label className="field">
          <span>To</span>
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} required aria-describedby="range-shown" />
        </label>
        <label className="field">
          <span>Period</span>
          <select value={period} onChange={(e) => setPeriod(e.target.value as UsagePeriod)}>
            {usagePeriods.map((p) => (
              <option key={p} value={p}>
                {usagePeriodLabels[p]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          Apply
        </button>
      </form>
      <nav className="range__picks" aria-label="Quick ranges">
        {quickPicks(now).map((pick) => (
          <Link key={pick.label} to={path} search={(prev) => ({ ...prev, from: pick.from, to: pick.to })} className="button button--small">
            {pick.label}
          </Link>
        ))}
      </nav>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <p id="range-shown" className="range__shown">
        Showing <strong>{rangeText(range.snapped)}</strong>, {usagePeriodLabels[range.period].toLowerCase()}. {snappingNote[range.period]} Usage
        is kept for {usageHistoryMonths} months.
      </p>
      {range.problem && (
        <p className="field-error" role="alert">
          {range.problem}
        </p>
      )}
    </section>
  );
}
