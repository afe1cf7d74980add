import { sql } from 'kysely';
import { dqServiceLabels, type DqService } from '../../contract/shared/catalogue';
import { testCallHeader, testCallsPerDay } from '../../contract/shared/testCalls';
import type { Config } from '../config';
import type { Db } from '../db';
import { AppError, forbidden } from '../errors';
import type { Deps } from '../kernel/deps';
import { utcDate } from './clock';
import { hostOf, ipAllowed, referrerAllowed } from './tokenRules';

// What the meter (meter.ts) and its test calls (meterTestCalls.ts) share: what a charge is and what it
// took, the words of every refusal, the transaction a charge runs in, the subscriptions it locks and
// the API token's rules it applies.

/** Who pays for a call and what it is. */
export type Charge = {
  accountId: number;
  service: DqService;
  /** Only bundles of plans on this dataset (e.g. 'PAF' or 'GNAF'); any dataset of the service when absent. */
  datasetRef?: string;
  /** The API token the call came with; null for a portal user's service JWT. */
  tokenId: number | null;
  /** ISO country the usage is reported under; the account's territory (GB, AU) when absent. */
  country?: string;
  /** Clicks the call costs (default 1; the seed charges a day's use at once). */
  clicks?: number;
  /** The caller's address (request.ip), checked against the token's IP ranges. */
  ip?: string | null;
  /** The Origin or Referer header, checked against the token's referrer pattern. */
  referrer?: string | null;
  /** A test call: no clicks, counted in test_calls (see above). */
  test?: boolean;
};

export type MeterDeps = Pick<Deps, 'db' | 'clock' | 'mail' | 'log'> & { config: Pick<Config, 'publicUrl' | 'defaultPublicUrl'> };

/** What a charge took, so a refund can give exactly that back. */
export type Taken = {
  accountId: number;
  day: number;
  tokenId: number | null;
  country: string;
  capped: boolean;
  clicks: number;
  /** Clicks per bundle, and per plan (usage_daily rows). */
  bundles: Array<{ id: number; planId: number; clicks: number }>;
  /** Plans whose subscription has usage alerts set, to look at after the work. */
  alertPlans: number[];
  /** The plan a test call was counted under; null for a charged call. */
  testPlanId: number | null;
};


/** 402 Payment Required: the caller must buy clicks or enable the subscription. */
export const paymentRequired = (msg: string) => new AppError(402, msg);

/** The words of every refusal, so tests and the README quote the same text. */
export const meterRefusals = {
  tokenDeleted: 'This API token has been deleted',
  tokenLocked: 'This API token is locked: an owner can unlock it on the tokens page',
  tokenExpired: (expiry: number) => `This API token expired on ${utcDate(expiry)}`,
  tokenOtherAccount: 'This API token belongs to another account',
  tokenService: (service: DqService) => `This API token may not call ${dqServiceLabels[service]}`,
  tokenIp: (ip: string) => `This API token may not be used from ${ip}`,
  tokenReferrer: (host: string | null) =>
    host ? `This API token may not be used from pages on ${host}` : 'This API token may only be used from the web pages it was issued for (no Origin or Referer was sent)',
  dailyCap: (cap: number) => `This API token has used its ${cap.toLocaleString('en-GB')} clicks for today (UTC): try again after midnight UTC`,
  noSubscription: (service: DqService) => `Your account has no ${dqServiceLabels[service]} subscription: buy one in the shop`,
  disabled: (plan: string) => `Your ${plan} subscription is disabled: an owner can enable it on the services page`,
  noClicks: (service: DqService) => `No clicks remain on your ${dqServiceLabels[service]} subscription: buy more in the shop`,
  testNotAllowed: (plan: string) => `Your ${plan} plan does not allow test calls: send the call without the ${testCallHeader} header to use your clicks`,
  testCallsUsed: (service: DqService) =>
    `Your account has made its ${testCallsPerDay} test calls of ${dqServiceLabels[service]} for today (UTC): try again after midnight UTC, or make a live call`,
} as const;

/**
 * A transaction of its own, or, when the caller already holds one (the seed meters inside its
 * own), a savepoint in it, so a refusal takes back what the charge wrote either way.
 */
export async function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute(fn);
  await sql`savepoint meter`.execute(db);
  try {
    const result = await fn(db);
    await sql`release savepoint meter`.execute(db);
    return result;
  } catch (error) {
    await sql`rollback to savepoint meter`.execute(db);
    await sql`release savepoint meter`.execute(db);
    throw error;
  }
}

/**
 * The account's subscriptions of the service, locked in id order (the same order everywhere, so
 * no two calls deadlock): a second call on the same subscription waits here until the first
 * commits, then reads the bundles as it left them (READ COMMITTED: each statement sees what
 * committed before it began, and the lock is taken before the bundles are read). 402 when there is
 * none, or none enabled; the country is the charge's, else the account's territory's.
 */
export async function lockSubscriptions(trx: Db, charge: Charge) {
  const subscriptions = await trx
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .innerJoin('datasets as d', 'd.id', 'p.dataset_id')
    .innerJoin('groups as g', 'g.id', 's.account_id')
    .leftJoin('usage_alerts as a', (join) => join.onRef('a.account_id', '=', 's.account_id').onRef('a.plan_id', '=', 's.plan_id'))
    .select(['s.id', 's.plan_id as planId', 's.enabled', 'p.name as plan', 'p.allow_test as allowTest', 'g.territory', 'a.thresholds'])
    .where('s.account_id', '=', charge.accountId)
    .where('d.service', '=', charge.service)
    .$if(charge.datasetRef !== undefined, (qb) => qb.where('d.dataset_ref', '=', charge.datasetRef!))
    .orderBy('s.id')
    .forUpdate('s')
    .execute();
  if (subscriptions.length === 0) throw paymentRequired(meterRefusals.noSubscription(charge.service));
  const enabled = subscriptions.filter((s) => s.enabled);
  if (enabled.length === 0) throw paymentRequired(meterRefusals.disabled(subscriptions[0].plan));
  const country = charge.country ?? (subscriptions[0].territory === 'australia' ? 'AU' : 'GB');
  return { subscriptions, enabled, country };
}

/**
 * Throws the 403 of the first rule the token breaks; returns its daily cap (null: none). Exported
 * for calls that are authenticated like metered ones but not charged (GET /verify/{id}).
 */
export async function checkToken(trx: Db, charge: Charge, now: number): Promise<number | null> {
  const token = await trx
    .selectFrom('tokens')
    .select(['account_id', 'locked', 'ip_ranges', 'referrer', 'expiry', 'services', 'daily_cap', 'deleted_at'])
    .where('id', '=', charge.tokenId!)
    .executeTakeFirst();
  if (!token || token.deleted_at !== null) throw forbidden(meterRefusals.tokenDeleted);
  if (token.account_id !== charge.accountId) throw forbidden(meterRefusals.tokenOtherAccount);
  if (token.locked) throw forbidden(meterRefusals.tokenLocked);
  if (token.expiry > 0 && token.expiry <= now) throw forbidden(meterRefusals.tokenExpired(token.expiry));
  if (!token.services.includes(charge.service)) throw forbidden(meterRefusals.tokenService(charge.service));
  if (!ipAllowed(charge.ip, token.ip_ranges)) throw forbidden(meterRefusals.tokenIp(charge.ip ?? 'an unknown address'));
  const host = hostOf(charge.referrer);
  if (!referrerAllowed(host, token.referrer)) throw forbidden(meterRefusals.tokenReferrer(host));
  return token.daily_cap;
}
