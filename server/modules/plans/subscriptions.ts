import type { AccountPlan } from '../../../contract/plans/entities';
import { quantityProblem } from '../../../contract/shared/catalogue';
import { badRequest } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { authoriseGroup, isRowId, type Caller } from '../access/index';
import { userByReentry } from '../users/index';
import { renewalLimits } from '../shop/index';
import {
  bundleRows,
  disableSubscriptionRow,
  enableSubscriptionRow,
  hasSavedCard,
  refusedRenewals,
  subscriptionForUpdate,
  subscriptionRows,
  usageTotals,
} from './accountQueries';
import { missing } from './notFound';
import { summarise, usagePeriods } from './summary';

// An account's subscriptions: the services page's summary (GET /account/plans) and turning a
// subscription off and on (spec section 4: per account and plan).

/** GET /account/plans ?accountId: owners of the account (or above it) and staff (spec section 6, ownerOnly). */
export async function listAccountPlans(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, query: { accountId: number }): Promise<AccountPlan[]> {
  const { db } = deps;
  const account = await authoriseGroup(db, caller, query.accountId, 'manage');
  if (account.type !== 'account') throw badRequest('Subscriptions belong to accounts: choose an account');
  const now = secondsOf(deps.clock);
  const subscriptions = await subscriptionRows(db, query.accountId);
  const bundles = await bundleRows(db, { accountId: query.accountId });
  const usage = await usageTotals(db, query.accountId, usagePeriods(now));
  const { cap, spent } = await renewalLimits(db, query.accountId, now);
  const billing = { hasCard: await hasSavedCard(db, query.accountId), cap, spent };
  const refused = await refusedRenewals(db, query.accountId);
  return subscriptions.map((sub) =>
    summarise(sub, bundles.filter((b) => b.planId === sub.planId), usage.get(sub.planId), now, { billing, refused: refused.get(sub.planId) }),
  );
}

type SubscriptionKey = { accountId: number; planId: number };

/** DELETE /payment/subscription (owners and staff): calls on the plan are refused and it does not renew. */
export async function disableSubscription(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, query: SubscriptionKey): Promise<{ msg: string }> {
  await authoriseGroup(deps.db, caller, query.accountId, 'manage');
  if (!isRowId(query.planId)) throw missing.subscription();
  const row = await disableSubscriptionRow(deps.db, query.accountId, query.planId, secondsOf(deps.clock));
  if (!row) throw missing.subscription();
  return { msg: 'Subscription disabled' };
}

/**
 * PUT /payment/subscription with basic credentials: an owner of the account types their password
 * again, since enabling commits the account to automatic renewal (renewing `clicks` at a time; 0
 * turns renewal off). Wrong passwords count against the login limits, so this cannot be used to
 * guess one.
 */
export async function enableSubscription(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  input: { credentials: { userName: string; password: string } | null; ip: string; query: SubscriptionKey & { clicks: number } },
): Promise<{ msg: string }> {
  const { db } = deps;
  const { query } = input;
  const now = secondsOf(deps.clock);
  const user = await userByReentry(deps, input.credentials, input.ip);
  await db.transaction().execute(async (trx) => {
    // Staff are not enough: the account's own owner commits it to paying for renewals.
    await authoriseGroup(trx, user, query.accountId, 'own', 'share');
    if (!isRowId(query.planId)) throw missing.subscription();
    const sub = await subscriptionForUpdate(trx, query.accountId, query.planId);
    if (!sub) throw missing.subscription();
    if (query.clicks > 0) {
      if (sub.deprecated_by_plan_id !== null) {
        throw badRequest(`This plan is replaced by ${sub.successor ?? 'a newer plan'} and no longer renews: buy the newer plan to renew automatically`);
      }
      const problem = quantityProblem(sub.pricing, query.clicks);
      if (problem) throw badRequest(problem);
    }
    await enableSubscriptionRow(trx, sub.id, query.clicks, now);
  });
  return { msg: query.clicks > 0 ? `Subscription enabled: it renews ${query.clicks.toLocaleString('en-GB')} clicks at a time` : 'Subscription enabled' };
}
