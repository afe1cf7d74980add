import { useState } from 'react';
import { Link, useLoaderData, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { can, isStaffUser, mayEndPaidBundles } from '../../../../contract/shared/access';
import { territoryLabels } from '../../../../contract/shared/territory';
import { usePortal } from '../../../app/PortalContext';
import { AccountSwitcher } from '../../../shared/AccountSwitcher';
import { PageTour } from '../../../shared/helptips/PageTour';
import { servicesTour } from '../../../shared/helptips/tours/services';
import { BillingSection } from '../billing/BillingSection';
import { renewalPaymentText } from '../../../shared/billing/billingText';
import { useAction } from '../../../shared/useAction';
import { DeleteBundleDialog, DisableDialog, EnableDialog, EndBundleDialog } from './ServiceDialogs';
import { meteringApi } from '../../../api/metering';
import { plansApi, type AccountPlan, type Bundle } from '../../../api/plans';
import { SubscriptionCard } from './SubscriptionCard';
import { UsageAlertsDialog } from './UsageAlertsDialog';
import './services.css';
import { formatCount } from '../../../../contract/shared/numbers';

/** Which decision the page is asking for, if any: only one dialog at a time. */
type Asking =
  | { kind: 'disable'; subscription: AccountPlan }
  | { kind: 'enable'; subscription: AccountPlan }
  | { kind: 'renewal'; subscription: AccountPlan }
  | { kind: 'deleteBundle'; subscription: AccountPlan; bundle: Bundle }
  | { kind: 'endBundle'; subscription: AccountPlan; bundle: Bundle }
  | { kind: 'alerts'; subscription: AccountPlan }
  | null;

/** What the page says once a renewal change is saved. */
const renewalSaved = (plan: string, clicks: number) =>
  clicks === 0 ? `${plan} no longer renews automatically; its clicks are kept.` : `${plan} renews ${formatCount(clicks)} clicks at a time.`;

/** /administration/services: the selected account's subscriptions (spec section 3, Subscription usage summary). */
export default function ServicesPage() {
  const data = useLoaderData({ from: '/_signedIn/_validated/administration/services' });
  // The owner's billing (null for anyone else) and which section is open (?tab=billing).
  const billing = useLoaderData({ from: '/_signedIn/_validated/administration/services/' });
  const { tab } = useSearch({ from: '/_signedIn/_validated/administration/services/' });
  const portal = usePortal();
  const me = useSelector(portal.session, (s) => s.context.user);
  const { run, busy, done } = useAction({ refreshGroups: false });
  const [asking, setAsking] = useState<Asking>(null);
  const { account, organisation, subscriptions, plans, alerts, now } = data;

  if (!account) {
    return (
      <section className="card empty-state" aria-labelledby="services-title">
        <h1 id="services-title">Services</h1>
        <p>
          Subscriptions belong to an account, and {organisation?.name ?? 'this organisation'} is selected. Choose one of its accounts to
          see its services.
        </p>
        <div className="form__row">
          <AccountSwitcher />
        </div>
      </section>
    );
  }

  const staff = isStaffUser(me);
  const owner = can(me, account, 'own');
  const showBilling = billing !== null && tab === 'billing';
  const api = plansApi(portal.api);
  const metering = meteringApi(portal.api);
  const close = () => setAsking(null);
  // Runs the change; the dialog closes once the server agreed, and stays open (under the Error modal) if not.
  const act = (label: string, change: () => Promise<unknown>) =>
    run(label, async () => {
      await change();
      close();
    });

  return (
    <div className="services-page">
      <section className="card" aria-labelledby="services-title">
        <div className="card__header">
          <div>
            <h1 id="services-title">Services of {account.name}</h1>
            <p className="muted">
              {organisation ? `${organisation.name} · ` : ''}
              {territoryLabels[account.territory]}. Dates are dd/mm/yyyy.
            </p>
          </div>
          {staff && (
            <Link to="/administration/services/bundlecreate" className="button button--primary">
              Create a bundle
            </Link>
          )}
        </div>
        <p role="status" className="status-line">
          {busy ? 'Saving…' : done}
        </p>
      </section>

      {billing !== null && (
        <nav className="tabs services-tabs" aria-label="Services sections">
          <Link to="/administration/services" search={{}} className={`tabs__tab${showBilling ? '' : ' tabs__tab--active'}`} aria-current={showBilling ? undefined : 'page'}>
            Subscriptions
          </Link>
          <Link to="/administration/services" search={{ tab: 'billing' }} className={`tabs__tab${showBilling ? ' tabs__tab--active' : ''}`} aria-current={showBilling ? 'page' : undefined}>
            Billing
          </Link>
        </nav>
      )}

      {showBilling ? (
        <BillingSection account={account} now={now} />
      ) : subscriptions.length === 0 ? (
        <section className="card empty-state" aria-labelledby="no-services-title">
          <h2 id="no-services-title">No subscriptions yet</h2>
          <p>This account has no services yet. A service starts with a bundle of clicks of one of its plans.</p>
          {owner && (
            <p>
              <Link to="/shop" className="button button--primary">
                Visit the Shop
              </Link>
            </p>
          )}
        </section>
      ) : (
        subscriptions.map((subscription, i) => (
          <SubscriptionCard
            key={subscription.planId}
            subscription={subscription}
            now={now}
            staff={staff}
            owner={owner}
            busy={busy}
            withTourTargets={i === 0}
            onDisable={() => setAsking({ kind: 'disable', subscription })}
            onEnable={() => setAsking({ kind: 'enable', subscription })}
            onChangeRenewal={() => setAsking({ kind: 'renewal', subscription })}
            onDeleteBundle={(bundle) => setAsking({ kind: 'deleteBundle', subscription, bundle })}
            mayEnd={mayEndPaidBundles(me)}
            onEndBundle={(bundle) => setAsking({ kind: 'endBundle', subscription, bundle })}
            alerts={alerts[subscription.planId]}
            onEditAlerts={() => setAsking({ kind: 'alerts', subscription })}
            paymentText={renewalPaymentText(billing?.details)}
          />
        ))
      )}

      {asking?.kind === 'disable' && (
        <DisableDialog
          subscription={asking.subscription}
          busy={busy}
          onCancel={close}
          onConfirm={() =>
            act(`${asking.subscription.plan} is disabled.`, () => api.disableSubscription(account.id, asking.subscription.planId))
          }
        />
      )}
      {(asking?.kind === 'enable' || asking?.kind === 'renewal') && (
        <EnableDialog
          subscription={asking.subscription}
          plan={plans.find((p) => p.planId === asking.subscription.planId)}
          mode={asking.kind}
          busy={busy}
          onCancel={close}
          onConfirm={({ password, clicks }) =>
            act(asking.kind === 'enable' ? `${asking.subscription.plan} is enabled.` : renewalSaved(asking.subscription.plan, clicks), () =>
              api.enableSubscription(account.id, asking.subscription.planId, clicks, { userName: me.userName, password }),
            )
          }
        />
      )}
      {asking?.kind === 'deleteBundle' && (
        <DeleteBundleDialog
          bundle={asking.bundle}
          territory={asking.subscription.territory}
          busy={busy}
          onCancel={close}
          onConfirm={() => act(`Bundle ${asking.bundle.bundleId} was deleted.`, () => api.deleteBundle(asking.bundle.bundleId))}
        />
      )}
      {asking?.kind === 'endBundle' && (
        <EndBundleDialog
          bundle={asking.bundle}
          territory={asking.subscription.territory}
          busy={busy}
          onCancel={close}
          onConfirm={(values) => act(`Bundle ${asking.bundle.bundleId} was ended.`, () => api.endBundle(asking.bundle.bundleId, values))}
        />
      )}
      {asking?.kind === 'alerts' && (
        <UsageAlertsDialog
          subscription={asking.subscription}
          alerts={alerts[asking.subscription.planId]}
          busy={busy}
          onCancel={close}
          onConfirm={(thresholds) =>
            act(`Usage alerts of ${asking.subscription.plan} saved.`, () => metering.putUsageAlerts(account.id, asking.subscription.planId, thresholds))
          }
        />
      )}
      {subscriptions.length > 0 && !showBilling && <PageTour tour={servicesTour} />}
    </div>
  );
}
