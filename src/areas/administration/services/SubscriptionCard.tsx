import { Link } from '@tanstack/react-router';
import { dqServiceLabels, formatMoney, subscriptionStatusText } from '../../../../contract/shared/catalogue';
import { downloadCsv } from '../../../shared/csv';
import { testCallCount, testCallHeaderLine, testCallWhat } from '../../../../contract/shared/testCalls';
import { formatDate } from '../../../shared/format';
import { ResultTable } from '../../../shared/ResultTable';
import { bundleFileName, bundleRows, changeFigure, count, currentUsage, explanations, isEnded, newestFirst, perDay, renewalSummary, sourceLabels, statusTone } from './summary';
import type { AccountPlan, Bundle } from '../../../api/plans';
import type { UsageAlerts } from '../../../api/metering';
import { alertsText } from './usageAlerts';

/** The ids the services tour points at, put on the first subscription only (ids are unique on a page). */
export const tourTargets = { status: 'services-status', usage: 'services-usage', bundles: 'services-bundles', actions: 'services-actions' } as const;

type Props = {
  subscription: AccountPlan;
  now: number;
  /** Staff edit and delete bundles. */
  staff: boolean;
  /** Enabling commits the account to paying for renewals: its own owner does it, with their password. */
  owner: boolean;
  busy: boolean;
  withTourTargets: boolean;
  onDisable: () => void;
  onEnable: () => void;
  /** Owners turn automatic renewal on or off, or change its clicks, with their password. */
  onChangeRenewal: () => void;
  onDeleteBundle: (bundle: Bundle) => void;
  /** admin and super end a paid bundle early with a credit note (contract/shared/access.ts mayEndPaidBundles). */
  mayEnd?: boolean;
  onEndBundle?: (bundle: Bundle) => void;
  /** The subscription's usage alerts, for those who manage the account; absent for anyone else. */
  alerts?: UsageAlerts;
  onEditAlerts?: () => void;
  /** For its owners: how renewals are paid (the saved card, the monthly cap), or ''. */
  paymentText?: string;
};

const date = (seconds: number | null) => (seconds === null ? '—' : formatDate(seconds));

/** One subscription as the spec's Subscription usage summary (section 3), with its bundles newest first. */
export function SubscriptionCard({
  subscription: s, now, staff, owner, busy, withTourTargets, onDisable, onEnable, onChangeRenewal, onDeleteBundle, mayEnd = false, onEndBundle, alerts, onEditAlerts, paymentText = '',
}: Props) {
  const key = `subscription-${s.planId}`;
  const target = (id: string) => (withTourTargets ? id : undefined);
  const usage = currentUsage(s.bundles, now);
  const change = changeFigure(s.clickConsumptionChange, s.periodDays);
  const status = subscriptionStatusText[s.status];
  const renewal = s.subscription;
  const renewing = renewalSummary(s);
  const bundles = newestFirst(s.bundles).map((b) => ({ ...b, id: b.bundleId }));

  return (
    <article className="card subscription" aria-labelledby={`${key}-title`}>
      <div className="card__header">
        <div>
          <p className="subscription__service">{dqServiceLabels[s.service]}</p>
          <h2 id={`${key}-title`}>{s.plan}</h2>
          <p className="badges" id={target(tourTargets.status)}>
            <span className={`badge badge--${statusTone[s.status]}`}>{status.label}</span>
            {s.deprecated && <span className="badge badge--warning">No longer sold</span>}
            <span className="badge badge--muted">Dataset {s.datasetRef}</span>
          </p>
        </div>
        <div className="form__row" id={target(tourTargets.actions)}>
          {renewal.enabled ? (
            <button type="button" className="button button--danger" disabled={busy} onClick={onDisable} aria-describedby={`${key}-title`}>
              Disable
            </button>
          ) : owner ? (
            <button type="button" className="button button--primary" disabled={busy} onClick={onEnable} aria-describedby={`${key}-title`}>
              Enable
            </button>
          ) : (
            <p className="muted subscription__owner-only">Only an owner of the account can enable it again.</p>
          )}
        </div>
      </div>

      <div className="subscription__explain">
        {explanations(s).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>

      <div className="subscription__usage" id={target(tourTargets.usage)}>
        <div className="usage">
          <p className="usage__remaining">
            <strong>{count(s.remainClicks)}</strong> clicks remaining
          </p>
          <div className="usage__bar" aria-hidden="true">
            <span style={{ width: `${usage.percent}%` }} />
          </div>
          <p className="muted">
            {count(usage.used)} of {count(usage.total)} clicks of the current bundles used ({usage.percent}%)
          </p>
        </div>
        <dl className="figures">
          <div>
            <dt>Average clicks a day</dt>
            <dd>{perDay(s.averageClicks)}</dd>
          </div>
          <div>
            <dt>Used in the last {s.periodDays} days</dt>
            <dd>
              {count(s.clicksConsumedInPeriod)}{' '}
              {change.text && (
                <>
                  <span className={`change change--${change.direction}`}>
                    <span aria-hidden="true">{change.direction === 'up' ? '▲ ' : change.direction === 'down' ? '▼ ' : ''}</span>
                    {change.text}
                  </span>{' '}
                </>
              )}
              <span className="muted">{change.words}</span>
            </dd>
          </div>
          <div>
            <dt>End date</dt>
            <dd>{date(s.endDate)}</dd>
          </div>
          <div>
            <dt>Estimated expiry</dt>
            <dd>{date(s.estimatedExpiryDate)}</dd>
          </div>
          <div>
            <dt>Estimated renewal</dt>
            <dd>{renewal.clicks > 0 ? date(renewal.estimatedRenewalDate) : '—'}</dd>
          </div>
        </dl>
      </div>

      <section className="subscription__renewal" aria-labelledby={`${key}-renewal`}>
        <div className="subscription__renewal-head">
          <h3 id={`${key}-renewal`}>Automatic renewal</h3>
          {owner && renewal.enabled && !s.deprecated && (
            <button type="button" className="button button--small" disabled={busy} onClick={onChangeRenewal} aria-describedby={`${key}-title`}>
              {renewal.clicks > 0 ? 'Change renewal' : 'Turn renewal on'}
            </button>
          )}
        </div>
        <p>{renewing.state}</p>
        {renewing.cap && <p className="muted">{renewing.cap}</p>}
        {renewal.clicks > 0 && renewal.enabled && paymentText && <p className="muted subscription__payment">{paymentText}</p>}
        {renewing.warning && <p className="subscription__warning">{renewing.warning}</p>}
        {renewing.last && <p className={`subscription__last subscription__last--${renewing.lastTone}`}>{renewing.last}</p>}
      </section>

      {alerts && onEditAlerts && (
        <div className="subscription__alerts">
          <p>
            <strong>Usage alerts.</strong> {alertsText(alerts.thresholds)}
          </p>
          <button type="button" className="button button--small" disabled={busy} onClick={onEditAlerts} aria-describedby={`${key}-title`}>
            {alerts.thresholds.length === 0 ? 'Set alerts' : 'Change alerts'}
          </button>
        </div>
      )}

      {s.allowTest && (
        <div className="subscription__tests">
          <p>
            <strong>Test calls are free on this plan.</strong> Send the header <code>{testCallHeaderLine}</code> with a call. {testCallWhat}
          </p>
          <p className="muted">
            {testCallCount(s.testCallsInPeriod ?? 0)} in the last {s.periodDays} days.
          </p>
        </div>
      )}

      <section className="subscription__bundles" aria-labelledby={`${key}-bundles`} id={target(tourTargets.bundles)}>
        <div className="subscription__bundles-head">
          <h3 id={`${key}-bundles`}>Bundles of {s.plan}</h3>
          {bundles.length > 0 && (
            <button type="button" className="button button--small" onClick={() => downloadCsv(bundleFileName(s), bundleRows(s))}>
              Export CSV
            </button>
          )}
        </div>
        <ResultTable
          labelledBy={`${key}-bundles`}
          stack
          rows={bundles}
          empty="No bundles yet."
          columns={[
            {
              header: 'Bundle',
              // Said in the first column too, which a phone shows without scrolling the table.
              cell: (b) => (isEnded(b) ? <span className="bundle__ended">{b.bundleId} <span className="badge badge--danger">Ended</span></span> : b.bundleId),
            },
            { header: 'Clicks', cell: (b) => count(b.clicks), className: 'num' },
            { header: 'Used', cell: (b) => count(b.usedClicks), className: 'num' },
            { header: 'Remaining', cell: (b) => count(b.remainingClicks), className: 'num' },
            { header: 'Price', cell: (b) => formatMoney(b.price, s.territory), className: 'num' },
            { header: 'Start', cell: (b) => formatDate(b.startDate) },
            {
              header: 'End',
              cell: (b) =>
                isEnded(b) ? (
                  <span className="bundle__ended">
                    <span className="badge badge--danger">Ended {formatDate(b.endedAt!)}</span>
                    {b.endReason && <span className="bundle__reason">{b.endReason}</span>}
                    {b.creditNote && (
                      <span className="muted">
                        Credit note {b.creditNote.creditNoteNumber}: {formatMoney(b.creditNote.total, s.territory)}
                      </span>
                    )}
                  </span>
                ) : (
                  formatDate(b.endDate)
                ),
              className: 'bundle__end',
            },
            { header: 'Source', cell: (b) => sourceLabels[b.source] },
            staff && {
              header: 'Actions',
              cell: (b) => (
                <span className="table__actions">
                  {/* An ended bundle stays as its credit note left it. */}
                  {!isEnded(b) && (
                    <Link to="/administration/services/bundleedit/$bundleId" params={{ bundleId: b.bundleId }} aria-label={`Edit bundle ${b.bundleId}`}>
                      Edit
                    </Link>
                  )}
                  {/* A paid bundle is ended with a credit note, never deleted; its invoice still bills it. */}
                  {mayEnd && onEndBundle && b.invoiceNumber && !isEnded(b) && b.endDate > now && (
                    <button type="button" className="link-button" disabled={busy} onClick={() => onEndBundle(b)} aria-label={`End bundle ${b.bundleId}`}>
                      End bundle
                    </button>
                  )}
                  {/* The server keeps a bundle whose clicks are used (its usage points at it): it is ended early by editing instead. */}
                  {b.usedClicks === 0 && !b.invoiceNumber && (
                    <button type="button" className="link-button" disabled={busy} onClick={() => onDeleteBundle(b)} aria-label={`Delete bundle ${b.bundleId}`}>
                      Delete
                    </button>
                  )}
                </span>
              ),
            },
          ]}
        />
      </section>
    </article>
  );
}
