import { useMemo } from 'react';
import { Link, useLoaderData, useNavigate } from '@tanstack/react-router';
import type { AllTokensUsageReport, TokenUsageReport } from '../../../contract/usage/entities';
import { count } from '../../shared/charts/buckets';
import { UsageChart } from '../../shared/charts/UsageChart';
import { UsageTable } from '../../shared/charts/UsageTable';
import { rangeText, type ResolvedRange } from './range';
import { NoUsage, ReportShell } from './ReportShell';
import { describeOverTime, overTime, planLabel } from './series';

/** /reporting/tokens: clicks per API token (tokenTag) over time and in total, and one token's detail. */
export default function TokensReport() {
  const { account, organisation, range, now, report, detail, params } = useLoaderData({ from: '/_signedIn/_validated/reporting/tokens' });
  return (
    <ReportShell
      path="/reporting/tokens"
      title="Usage by token"
      intro="Clicks per API token over time. A deleted token keeps its tag here; calls made from the portal's own pages are shown as Portal."
      account={account}
      organisation={organisation}
      range={range}
      now={now}
    >
      {report && <TokensBody report={report} detail={detail} tag={params.tag} range={range} />}
    </ReportShell>
  );
}

type TokenRow = AllTokensUsageReport['tokens'][number];
const statusOf = (t: TokenRow) =>
  t.tokenId === null ? 'Portal pages' : t.deleted ? 'Deleted' : t.locked ? 'Locked' : t.expired ? 'Expired' : 'In use';

function TokensBody({ report, detail, tag, range }: { report: AllTokensUsageReport; detail: TokenUsageReport | null; tag: string | undefined; range: ResolvedRange }) {
  const navigate = useNavigate({ from: '/reporting/tokens' });
  const rangeWords = `from ${rangeText(range.snapped)}`;
  // Columns and lines for the tokens used in the range; the totals table lists every token.
  const used = useMemo(() => report.tokens.filter((t) => t.clicks > 0), [report]);
  const subjects = useMemo(
    () => used.map((t) => ({ key: `${t.tokenId}`, label: t.deleted ? `${t.tokenTag} (deleted)` : t.tokenTag, clicks: t.clicks, usage: t.accountTokensUsage })),
    [used],
  );
  const time = useMemo(() => overTime(report.periods, report.period, subjects, report.usage, report.clicks), [report, subjects]);
  const tags = useMemo(() => [...new Map(report.tokens.map((t) => [t.tokenTag.toLowerCase(), t.tokenTag])).values()], [report]);
  const file = (what: string) => `usage-${what}-${report.accountId}-${report.period}.csv`;

  return (
    <>
      <section className="card" aria-labelledby="tokens-totals-title" id="tokens-totals">
        <h2 id="tokens-totals-title">Per token</h2>
        <p className="muted">
          {count(report.clicks)} clicks {rangeWords} from {used.length} {used.length === 1 ? 'token' : 'tokens'}.
        </p>
        {report.clicks === 0 ? (
          <NoUsage />
        ) : (
          <div className="report__pair">
            <UsageChart
              id="tokens-over-time-chart"
              summary={describeOverTime(`for ${used.length} tokens`, rangeWords, report.period, time.rows, report.clicks)}
              ticks={time.ticks}
              labels={time.labels}
              series={time.series}
            />
            <UsageTable
              id="tokens-over-time-table"
              title="Clicks per period"
              rows={time.rows}
              rowKey={(r) => r.period}
              fileName={file('per-token-over-time')}
              empty="No usage in this range."
              totalLabel="Total"
              columns={time.columns}
            />
          </div>
        )}
        <UsageTable<TokenRow>
          id="tokens-totals-table"
          title="Clicks per token"
          rows={report.tokens}
          rowKey={(t) => `${t.tokenId}`}
          fileName={file('per-token')}
          empty={
            <>
              This account has no API tokens and no usage in this range. Create a token in <Link to={tokensPage}>Administration › Tokens</Link>.
            </>
          }
          totalLabel="Total"
          columns={[
            { header: 'Token tag', value: (t) => t.tokenTag },
            { header: 'Status', value: statusOf },
            { header: 'Clicks', value: (t) => t.clicks, total: report.clicks },
            {
              header: 'Detail',
              value: (t) => t.tokenTag,
              cell: (t) => (
                <Link to="/reporting/tokens" search={(prev) => ({ ...prev, tag: t.tokenTag })}>
                  Show detail<span className="visually-hidden"> of {t.tokenTag}</span>
                </Link>
              ),
            },
          ]}
        />
      </section>

      <section className="card" aria-labelledby="tokens-detail-title" id="tokens-detail">
        <h2 id="tokens-detail-title">Token detail</h2>
        <div className="report__pick">
          <label className="field">
            <span>Token</span>
            <select value={detail ? detail.tokenTag : ''} onChange={(e) => void navigate({ search: (prev) => ({ ...prev, tag: e.target.value || undefined }) })}>
              <option value="">Choose a token</option>
              {tags.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </label>
        </div>
        {tag === undefined || !detail ? (
          <p className="muted">Choose a token to see its clicks per plan over time.</p>
        ) : (
          <TokenDetail detail={detail} rangeWords={rangeWords} />
        )}
      </section>
    </>
  );
}

// Token administration comes with the tokens work; the link is plain text to the router until then.
const tokensPage: string = '/administration/tokens';

function TokenDetail({ detail, rangeWords }: { detail: TokenUsageReport; rangeWords: string }) {
  const subjects = useMemo(() => detail.plans.map((p) => ({ key: String(p.planId), label: planLabel(p), clicks: p.clicks, usage: p.usage })), [detail]);
  const time = useMemo(() => overTime(detail.periods, detail.period, subjects, detail.accountTokensUsage, detail.clicks), [detail, subjects]);
  if (detail.clicks === 0) return <NoUsage what={`usage by ${detail.tokenTag}`} />;
  return (
    <>
      <p className="muted">
        {detail.tokenTag}
        {detail.deleted ? ' (deleted)' : ''}: {count(detail.clicks)} clicks {rangeWords}.
      </p>
      <div className="report__pair">
        <UsageChart
          id="tokens-detail-chart"
          summary={describeOverTime(`for ${detail.tokenTag} across ${detail.plans.length} plans`, rangeWords, detail.period, time.rows, detail.clicks)}
          ticks={time.ticks}
          labels={time.labels}
          series={time.series}
        />
        <UsageTable
          id="tokens-detail-table"
          title={`Clicks of ${detail.tokenTag} per period`}
          rows={time.rows}
          rowKey={(r) => r.period}
          fileName={`usage-token-${detail.tokenTag.replace(/[^\w-]+/g, '_')}-${detail.accountId}.csv`}
          empty="No usage in this range."
          totalLabel="Total"
          columns={time.columns}
        />
      </div>
    </>
  );
}
