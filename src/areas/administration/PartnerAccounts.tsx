import { Link, useLoaderData } from '@tanstack/react-router';
import type { PartnerAccountInfo } from '../../api/leads';
import { count } from '../../shared/charts/buckets';
import { downloadCsv, type Cell } from '../../shared/csv';
import { formatDate } from '../../shared/format';
import { ResultTable } from '../../shared/ResultTable';
import AccountAdmin from './AccountAdmin';

// /partner/administration: the partner's own administration page, and under it the accounts of its
// organisations with their subscriptions (spec section 3, Partner account info; GET /partner/accountinfo).

const dateOrDash = (seconds: number | null) => (seconds === null ? '—' : formatDate(seconds));

/** The rows of the accounts table as CSV, header first (dates dd/mm/yyyy). */
export function accountInfoCsv(rows: readonly PartnerAccountInfo[]): Cell[][] {
  return [
    ['Organisation', 'Account', 'Plan', 'Dataset type', 'Click limit', 'Used clicks', 'Remaining clicks', 'Start date', 'End date', 'Estimated expiry'],
    ...rows.map((r) => [
      r.organisationName,
      r.accountName,
      r.planName,
      r.datasetType,
      r.clickLimit,
      r.usedClicks,
      r.remainingClicks,
      r.startDate === null ? '' : formatDate(r.startDate),
      r.endDate === null ? '' : formatDate(r.endDate),
      r.estimatedExpiryDate === null ? '' : formatDate(r.estimatedExpiryDate),
    ]),
  ];
}

export function PartnerAccounts({ accounts }: { accounts: readonly PartnerAccountInfo[] }) {
  const rows = accounts.map((a, i) => ({ ...a, id: `${a.accountId}-${a.planName}-${i}` }));
  return (
    <section className="card" aria-labelledby="partner-accounts-title">
      <div className="card__header">
        <div>
          <h2 id="partner-accounts-title">Client accounts</h2>
          <p className="muted">
            Each subscription of the accounts under this partner: the clicks of the bundles running now, what is used and left, and when they
            are expected to run out at the last 30 days&apos; rate. Dates are dd/mm/yyyy.
          </p>
        </div>
        <div className="form__row">
          <Link to="/partner/console" className="button">
            Usage and spend console
          </Link>
          {rows.length > 0 && (
            <button type="button" className="button button--small" onClick={() => downloadCsv('PartnerAccounts.csv', accountInfoCsv(accounts))}>
              Export CSV
            </button>
          )}
        </div>
      </div>
      <ResultTable
        stack
        labelledBy="partner-accounts-title"
        rows={rows}
        empty="No account under this partner has a subscription yet."
        columns={[
          { header: 'Organisation', cell: (r) => r.organisationName },
          { header: 'Account', cell: (r) => r.accountName },
          { header: 'Plan', cell: (r) => r.planName },
          { header: 'Dataset type', cell: (r) => r.datasetType },
          { header: 'Click limit', cell: (r) => count(r.clickLimit), className: 'num' },
          { header: 'Used', cell: (r) => count(r.usedClicks), className: 'num' },
          { header: 'Remaining', cell: (r) => count(r.remainingClicks), className: 'num' },
          { header: 'Start', cell: (r) => dateOrDash(r.startDate), className: 'nowrap' },
          { header: 'End', cell: (r) => dateOrDash(r.endDate), className: 'nowrap' },
          { header: 'Estimated expiry', cell: (r) => dateOrDash(r.estimatedExpiryDate), className: 'nowrap' },
        ]}
      />
    </section>
  );
}

/** /partner/administration: the partner, its users, and its client accounts. */
export default function PartnerAdmin() {
  const { accounts } = useLoaderData({ from: '/_signedIn/_validated/partner/administration/' });
  return (
    <>
      <AccountAdmin />
      <PartnerAccounts accounts={accounts} />
    </>
  );
}
