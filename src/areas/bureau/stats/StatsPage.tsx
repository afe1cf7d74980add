import { useMemo } from 'react';
import { Link, useLoaderData, useNavigate } from '@tanstack/react-router';
import type { BureauStats } from '../../../../contract/bureau/entities';
import { formatMoney } from '../../../../contract/shared/catalogue';
import type { Territory } from '../../../../contract/shared/territory';
import { AccountSwitcher } from '../../../shared/AccountSwitcher';
import { count } from '../../../shared/charts/buckets';
import { UsageChart } from '../../../shared/charts/UsageChart';
import { UsageTable } from '../../../shared/charts/UsageTable';
import { downloadCsv } from '../../../shared/csv';
import { DateRangeForm } from '../../../shared/DateRangeForm';
import { dayRangeText } from '../../../shared/dateRange';
import { FileList } from './FileList';
import { RetentionSettings } from '../../../shared/RetentionSettings';
import { hasFiles, measureLabel, outcomeSeries, statsCsv, statsRows, statsTotals, type StatsRow } from './statsText';
import './stats.css';

// The file routes (upload, a file's pages) are for UK accounts only (spec section 2).
const uploadPage = '/applications/addresscleanse/upload';

/** /applications/addresscleanse (owner): the account's cleansing statistics per reference file over a range, and the way to upload a file. */
export default function StatsPage() {
  const { now, range, account, organisation, stats, files, retention } = useLoaderData({ from: '/_signedIn/_validated/applications/addresscleanse/' });
  const navigate = useNavigate();

  if (!account || !stats) {
    return (
      <section className="card empty-state" aria-labelledby="bureau-stats-title">
        <h1 id="bureau-stats-title">Address Cleanse</h1>
        <p>
          Files and their statistics belong to an account, and {organisation?.name ?? 'no account'} is selected. Choose an account to see
          its files.
        </p>
        <div className="form__row">
          <AccountSwitcher />
        </div>
      </section>
    );
  }
  const uk = account.territory === 'uk';
  // The files are loaded for the owner of a UK account only (see ./load): staff see the statistics.
  const ownFiles = files !== null;
  const apply = (data: FormData) =>
    void navigate({ to: '/applications/addresscleanse', search: { from: String(data.get('from')), to: String(data.get('to')) } });

  return (
    <div className="bureau-stats">
      <section className="card" aria-labelledby="bureau-stats-title">
        <div className="bureau-stats__head">
          <h1 id="bureau-stats-title">Address Cleanse: {account.name}</h1>
          {ownFiles && (
            <Link to={uploadPage} className="button button--primary">
              Upload a file
            </Link>
          )}
        </div>
        <p className="muted">
          Correct, deduplicate and screen the addresses of a whole file. Below: what was cleansed in the dates you choose, for each
          reference file, across all your files and the ones you paid for.
        </p>
        {!uk && (
          <p className="bureau-stats__note" role="note">
            File cleansing is for UK accounts. Switch to a UK account to upload a file; the statistics of this account are below.
          </p>
        )}
        {uk && !ownFiles && (
          <p className="bureau-stats__note" role="note">
            {staffFilesNote}
          </p>
        )}
        <DateRangeForm id="bureau-range" label="Choose the dates of the statistics" range={range} now={now} onApply={apply} />
      </section>

      {files && <FileList files={files} />}
      {retention && account && <RetentionSettings accountId={account.id} retention={retention} />}

      {hasFiles(stats) ? (
        <StatsBody stats={stats} territory={account.territory} rangeWords={dayRangeText(range)} />
      ) : (
        <section className="card empty-state" aria-labelledby="bureau-stats-empty">
          <h2 id="bureau-stats-empty">No files cleansed from {dayRangeText(range)}</h2>
          <p>Choose a longer range above, or cleanse a file: its figures appear here once its results are made.</p>
          {ownFiles ? (
            <div className="form__row form__row--spaced">
              <Link to={uploadPage} className="button button--primary">
                Upload a file
              </Link>
            </div>
          ) : (
            <p>{uk ? staffFilesNote : 'File cleansing is for UK accounts.'}</p>
          )}
        </section>
      )}
    </div>
  );
}

const staffFilesNote = "An account's files and uploads are its owners' alone: staff see its statistics here.";

function StatsBody({ stats, territory, rangeWords }: { stats: readonly BureauStats[]; territory: Territory; rangeWords: string }) {
  const totals = statsTotals(stats);
  return (
    <>
      <section className="card" aria-labelledby="bureau-totals-title">
        <div className="bureau-stats__head">
          <h2 id="bureau-totals-title">From {rangeWords}</h2>
          <button type="button" className="button button--small" onClick={() => downloadCsv('AddressCleanseStatistics.csv', statsCsv(stats, territory))}>
            Export CSV
          </button>
        </div>
        <dl className="bureau-stats__totals">
          <div>
            <dt>Files cleansed</dt>
            <dd data-testid="total-files">{count(totals.files)}</dd>
          </div>
          <div>
            <dt>Files purchased</dt>
            <dd data-testid="total-purchased">{count(totals.purchasedFiles)}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd data-testid="total-paid">{formatMoney(totals.paid, territory)}</dd>
          </div>
          <div>
            <dt>Records in</dt>
            <dd data-testid="total-records">{count(totals.inputRecords)}</dd>
          </div>
          <div>
            <dt>Matched or updated</dt>
            <dd data-testid="total-found">{totals.foundShare === null ? '—' : `${(totals.foundShare * 100).toFixed(1)}%`}</dd>
          </div>
        </dl>
      </section>
      {stats.map((s) => (
        <MafStats key={s.mafId} stats={s} territory={territory} />
      ))}
    </>
  );
}

function MafStats({ stats, territory }: { stats: BureauStats; territory: Territory }) {
  const rows = useMemo(() => statsRows(stats), [stats]);
  const chart = useMemo(() => outcomeSeries(stats), [stats]);
  const id = `maf-${stats.mafId}`;
  const show = (r: StatsRow, n: number) => (r.money ? formatMoney(n, territory) : count(n));
  const described = chart.ticks.map((t, i) => `${t} ${count(chart.series[0].values[i])} of all files, ${count(chart.series[1].values[i])} purchased`).join('; ');
  return (
    <section className="card bureau-stats__maf" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {stats.mafName} <span className="muted">({stats.mafCountryCode})</span>
      </h2>
      {stats.all.files === 0 ? (
        <p className="muted">No files were cleansed against this reference file in the range.</p>
      ) : (
        <div className="bureau-stats__pair">
          <UsageChart
            id={`${id}-chart`}
            kind="bar"
            summary={`Bar chart of matching and deduplication against ${stats.mafName}: ${described}.`}
            ticks={chart.ticks}
            labels={chart.ticks}
            series={chart.series}
            unit="records"
          />
          <UsageTable<StatsRow>
            id={`${id}-table`}
            title={`Figures: ${stats.mafName}`}
            headingLevel={3}
            rows={rows}
            rowKey={(r) => r.key}
            fileName={`AddressCleanseStatistics-${stats.mafName.replace(/[^\w-]+/g, '_')}.csv`}
            empty="No figures."
            columns={[
              { header: 'Measure', value: (r) => measureLabel(r, territory) },
              { header: 'All files', value: (r) => (r.money ? r.all / 100 : r.all), cell: (r) => show(r, r.all) },
              { header: 'Purchased', value: (r) => (r.money ? r.purchased / 100 : r.purchased), cell: (r) => show(r, r.purchased) },
            ]}
          />
        </div>
      )}
    </section>
  );
}
