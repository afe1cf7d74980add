import type { ResponseOf } from '../../contract/endpoint';
import type * as plans from '../../contract/plans/endpoints';
import { group } from '../machines/models/groupFixtures';
import { ok, type Handler } from './support/renderPortal';

// Subscriptions, bundles and plans as the plans manager answers them, for the services view tests.

export type AccountPlan = ResponseOf<typeof plans.listAccountPlans>[number];
export type Bundle = AccountPlan['bundles'][number];
export type Plan = ResponseOf<typeof plans.listPlans>[number];

/** Seconds at a local date and time, so dd/mm/yyyy is the same in every time zone. */
export const at = (local: string) => Math.floor(new Date(local).getTime() / 1000);

export const acmeUk = group(31, 'account', [], { name: 'Acme UK' });
export const acmeAu = group(32, 'account', [], { name: 'Acme Australia', territory: 'australia' });
export const acmeTrading = group(30, 'organisation', [acmeUk, acmeAu], { name: 'Acme Trading' });

export const bundle = (bundleId: number, over: Partial<Bundle> = {}): Bundle => ({
  bundleId,
  accountId: 31,
  planId: 7,
  plan: 'Address Lookup 10k',
  clicks: 10_000,
  usedClicks: 0,
  remainingClicks: 10_000,
  price: 5_000,
  startDate: at('2025-01-01T12:00'),
  endDate: at('2026-01-01T12:00'),
  source: 'shop',
  createdDate: at('2025-01-01T12:00'),
  createdBy: null,
  ...over,
});

export const accountPlan = (over: Partial<AccountPlan> = {}): AccountPlan => ({
  service: 'addresslookup',
  plan: 'Address Lookup 10k',
  planId: 7,
  datasetRef: 'PAF',
  territory: 'uk',
  endDate: at('2026-01-01T12:00'),
  estimatedExpiryDate: at('2025-11-20T12:00'),
  remainClicks: 10_000,
  averageClicks: 40,
  clicksConsumedInPeriod: 1_200,
  clickConsumptionChange: 12,
  periodDays: 30,
  status: 'active',
  subscription: renewal({ clicks: 0, price: 0, estimatedRenewalDate: null, enabled: true }),
  deprecated: false,
  deprecatedByPlan: null,
  deprecatedByPlanId: null,
  bundles: [bundle(1)],
  ...over,
});

export const plan = (planId: number, over: Partial<Plan> = {}): Plan => ({
  planId,
  plan: `Plan ${planId}`,
  description: '',
  datasetId: 1,
  dataset: 'Postcode Address File',
  datasetRef: 'PAF',
  service: 'addresslookup',
  duration: 12,
  availableStart: at('2024-01-01T00:00'),
  availableEnd: null,
  calculator: 'volume',
  // 1-9,999 clicks at £6 per 1,000; 10,000 and more at £5 per 1,000.
  pricing: [
    { fromClicks: 1, toClicks: 9_999, pricePer1000: 600 },
    { fromClicks: 10_000, toClicks: null, pricePer1000: 500 },
  ],
  formula: 'Every click at the rate of the band the quantity falls in.',
  createdDate: 0,
  createdBy: null,
  updatedDate: 0,
  updatedBy: null,
  territory: 'uk',
  allowTest: false,
  displayOrder: 0,
  planFilter: [],
  planComparison: [],
  deprecated: false,
  deprecatedByPlan: null,
  deprecatedByPlanId: null,
  subscriptionCount: 0,
  ...over,
});

/** The plans manager with these subscriptions (per account id) and plans; writes answer `write`. */
export function plansManager(subscriptions: Record<number, AccountPlan[]>, plans: Plan[] = [], write: Handler = () => ok({ msg: 'OK' })): Handler {
  return (call) => {
    const p = call.url.pathname;
    if (p === '/api/plans/account/plans') return ok(subscriptions[Number(call.url.searchParams.get('accountId'))] ?? []);
    if (p === '/api/plans/plans' && call.method === 'GET') return ok(plans);
    if (p === '/api/plans/account/plans/alerts' && call.method === 'GET') {
      return ok({ accountId: Number(call.url.searchParams.get('accountId')), planId: Number(call.url.searchParams.get('planId')), thresholds: [], sent: [] });
    }
    // The Billing section's reads have their own fake (billingFixtures.ts): here they are not found.
    if (p.startsWith('/api/plans/payment/') && call.method === 'GET') return undefined;
    if (p.startsWith('/api/plans/')) return write(call);
    return undefined;
  };
}


/** A subscription's renewal: what the test gives, the rest as for one with no cap, nothing in its way and no renewal yet. */
export function renewal(given: Pick<AccountPlan['subscription'], 'clicks' | 'price' | 'estimatedRenewalDate' | 'enabled'> & Partial<AccountPlan['subscription']>): AccountPlan['subscription'] {
  return { total: Math.round(given.price * 1.2), monthlyCap: null, obstacle: null, lastOutcome: null, ...given };
}
