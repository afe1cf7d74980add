import type { z } from 'zod';
import type { serviceJwtResponse, usageAlerts } from '../../../contract/metering/schemas';
import { serviceJwtSeconds } from '../../../contract/metering/schemas';
import { can } from '../../../contract/shared/access';
import type { Db } from '../../db';
import { badRequest, forbidden, notFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { authoriseGroup, isRowId, type Caller } from '../access/index';
import { missing } from '../plans/index';
import { alertMarks, alertThresholds, deleteAlerts, grantedServices, serviceRow, subscriptionExists, upsertAlerts } from './queries';
import { servicesByName, serviceTokensFor } from './serviceJwt';

// GET /tokens/servicejwt (user server) and the usage alerts of a subscription (plans manager).

type ServiceJwt = z.input<typeof serviceJwtResponse>;
type UsageAlerts = z.input<typeof usageAlerts>;

export const serviceNotFound = () => notFound('Service not found');
export const notAnAccount = () => badRequest('Services are called for an account: choose an account');

/**
 * GET /tokens/servicejwt ?serviceId, groupId: a service JWT (5 minutes) for the SPA's application
 * pages, for one account and the data-quality services of one row of the services table (spec
 * section 9: matched on service id). Anyone with access to the account (owner, sudoowner, member,
 * or a level above it) and staff may have one; a user who has been given services for the account
 * (PUT /userservices) gets only those, owners and staff every service.
 */
export async function issueServiceJwt(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  caller: Caller,
  input: { serviceId: number; groupId: number; sessionId: string },
): Promise<ServiceJwt> {
  const { db } = deps;
  const account = await authoriseGroup(db, caller, input.groupId, 'read');
  if (account.type !== 'account') throw notAnAccount();
  if (!isRowId(input.serviceId)) throw serviceNotFound();
  const service = await serviceRow(db, input.serviceId);
  const services = service ? servicesByName[service.name] : undefined;
  if (!service || !services) throw serviceNotFound();
  if (!can(caller, { level: account.level }, 'every service')) {
    const granted = await grantedServices(db, input.groupId, caller.id);
    if (granted.length > 0 && !granted.some((g) => g.serviceId === input.serviceId)) {
      throw forbidden(`You have not been given the ${service.description} service on this account: ask an owner`);
    }
  }
  const now = secondsOf(deps.clock);
  const jwt = await serviceTokensFor(deps).sign(
    { userId: caller.id, sessionId: input.sessionId, accountId: input.groupId, serviceId: input.serviceId, services },
    now,
    serviceJwtSeconds,
  );
  return { jwt, serviceId: input.serviceId, groupId: input.groupId, services, expiry: now + serviceJwtSeconds };
}

// ---- Usage alerts ------------------------------------------------------------------------------

type SubscriptionKey = { accountId: number; planId: number };

async function requireSubscription(db: Db, key: SubscriptionKey, lock = false): Promise<void> {
  if (!isRowId(key.planId)) throw missing.subscription();
  if (!(await subscriptionExists(db, key, lock))) throw missing.subscription();
}

async function readAlerts(db: Db, key: SubscriptionKey, now: number): Promise<UsageAlerts> {
  const thresholds = await alertThresholds(db, key);
  // The crossings mailed for the clicks the active bundles hold now; buying more arms them again.
  const sent = await alertMarks(db, key, now);
  return { ...key, thresholds: [...(thresholds ?? [])].sort((a, b) => a - b), sent };
}

/** GET /account/plans/alerts ?accountId, planId: owners of the account and staff. */
export async function getUsageAlerts(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, query: SubscriptionKey): Promise<UsageAlerts> {
  const account = await authoriseGroup(deps.db, caller, query.accountId, 'manage');
  if (account.type !== 'account') throw notAnAccount();
  await requireSubscription(deps.db, query);
  return readAlerts(deps.db, query, secondsOf(deps.clock));
}

/**
 * PUT /account/plans/alerts ?accountId, planId body { thresholds }: percentages 1-100 of the clicks
 * of the active bundles, at most 10, each once (400 otherwise, checked by the schema); an empty
 * list turns the alerts off.
 */
export async function putUsageAlerts(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  input: { query: SubscriptionKey; body: { thresholds: number[] } },
): Promise<UsageAlerts> {
  const { query } = input;
  const now = secondsOf(deps.clock);
  const thresholds = [...input.body.thresholds].sort((a, b) => a - b);
  await deps.db.transaction().execute(async (trx) => {
    const account = await authoriseGroup(trx, caller, query.accountId, 'manage');
    if (account.type !== 'account') throw notAnAccount();
    await requireSubscription(trx, query, true);
    if (thresholds.length === 0) {
      await deleteAlerts(trx, query);
      return;
    }
    await upsertAlerts(trx, query, thresholds, now, caller.id);
  });
  return readAlerts(deps.db, query, now);
}
