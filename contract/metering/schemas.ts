import { z } from 'zod';
import type { CallShape } from '../endpoint';
import { id } from '../fields';
import { dqServices } from '../shared/catalogue';

// Metering calls: the short-lived service JWT the SPA's application pages call the data-quality
// services with (user server), and the usage alerts an owner sets per subscription (plans manager).

/** How long a service JWT lasts (seconds): long enough for a page's calls, short enough to leak little. */
export const serviceJwtSeconds = 300;

/** GET /tokens/servicejwt ?serviceId, groupId: serviceId is a row of GET /services, groupId an account. */
export const serviceJwtQuery = z.object({ serviceId: id, groupId: id });
export const serviceJwtResponse = z.object({
  jwt: z.string(),
  serviceId: z.number().int(),
  groupId: z.number().int(),
  /** The data-quality services the token may call (address: lookup and autocomplete). */
  services: z.array(z.enum(dqServices)),
  /** Seconds since the epoch. */
  expiry: z.number().int(),
});
export const serviceJwt = { query: serviceJwtQuery, response: serviceJwtResponse } satisfies CallShape;

/** Most thresholds per subscription. */
export const maxAlertThresholds = 10;

export const alertsQuery = z.object({ accountId: id, planId: id });
export const alertThresholds = z
  .array(z.number().int('A threshold is a whole percentage').min(1, 'A threshold is at least 1%').max(100, 'A threshold is at most 100%'))
  .max(maxAlertThresholds, `At most ${maxAlertThresholds} thresholds`)
  .refine((list) => new Set(list).size === list.length, 'Each threshold may be given once');
export const alertsBody = z.object({ thresholds: alertThresholds });
export const usageAlerts = z.object({
  accountId: z.number().int(),
  planId: z.number().int(),
  /** Percentages of the clicks of the active bundles, ascending; empty: no alerts. */
  thresholds: z.array(z.number().int()),
  /** Crossings already mailed for the clicks bought now (they mail again after more are bought). */
  sent: z.array(z.object({ threshold: z.number().int(), clicksTotal: z.number().int(), sentAt: z.number().int() })),
});
/** GET /account/plans/alerts ?accountId, planId. */
export const getUsageAlerts = { query: alertsQuery, response: usageAlerts } satisfies CallShape;
/** PUT /account/plans/alerts ?accountId, planId (body thresholds; an empty list turns alerts off). */
export const putUsageAlerts = { query: alertsQuery, body: alertsBody, response: usageAlerts } satisfies CallShape;
