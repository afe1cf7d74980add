// The meter's side of the tests of every metered service: an account with a subscription, calls
// through the test-only metered route, and a dump of everything the meter writes.
import { randomBytes } from 'node:crypto';
import type { DqService } from '../../../contract/shared/catalogue';
import { insertDataset, insertPlan, insertSubscription } from './catalogue';
import { query, type Harness } from './harness';
import { meterTestPlugin } from './meterTestRoute';


/** The harness's options for the metering tests: the test-only metered route is registered. */
export const meterRoutes = { routes: meterTestPlugin };

/** An owner, an organisation with an account (territory uk unless said), and a plan of `service` the account subscribes to. */
export async function meterWorld(h: Harness, fields: { service?: DqService; territory?: 'uk' | 'australia'; enabled?: boolean } = {}) {
  const owner = await h.createUser({ personalName: 'Meter Owner' });
  const organisation = await h.createGroup({ name: 'Meter Org', type: 'organisation', territory: fields.territory });
  const accountId = await h.createGroup({ name: 'Meter Account', type: 'account', parentId: organisation, territory: fields.territory });
  await h.addToGroup(organisation, owner.id, 'owner');
  const datasetId = await insertDataset(h, { service: fields.service ?? 'addresslookup' });
  const planId = await insertPlan(h, { datasetId, territory: fields.territory, name: `Meter Plan ${randomBytes(3).toString('hex')}` });
  await insertSubscription(h, accountId, planId, { enabled: fields.enabled });
  return { owner, organisation, accountId, datasetId, planId };
}

/** POST /api/metertest/<service> with the bearer token. */
export function meterCall(
  h: Harness,
  jwt: string,
  options: { service?: DqService; fail?: boolean; clicks?: number; headers?: Record<string, string>; remoteAddress?: string; unmetered?: boolean } = {},
) {
  const q: Record<string, string> = {};
  if (options.fail) q.fail = '1';
  if (options.clicks) q.clicks = String(options.clicks);
  return h.inject({
    method: 'POST',
    url: `/api/metertest/${options.service ?? 'addresslookup'}${options.unmetered ? '/unmetered' : ''}`,
    query: q,
    headers: { authorization: `Bearer ${jwt}`, ...options.headers },
    remoteAddress: options.remoteAddress,
  });
}

/** Everything the meter writes, to compare before and after a refused or failed call. */
export async function meterState(h: Harness) {
  const q = async (sql: string) => (await query(h.db, sql)).rows;
  return {
    bundles: await q('select id, used_clicks from bundles order by id'),
    usage: await q('select * from usage_daily order by account_id, plan_id, day, token_id, country'),
    tokenDays: await q('select * from token_day_usage order by token_id, day'),
    marks: await q('select * from usage_alert_marks order by account_id, plan_id, threshold, clicks_total'),
  };
}

export async function remaining(h: Harness, accountId: number, planId: number): Promise<number> {
  const { rows } = await query<{ left: number }>(h.db,
    'select coalesce(sum(clicks - used_clicks), 0)::int as left from bundles where account_id = $1 and plan_id = $2', [accountId, planId]);
  return rows[0].left;
}

export async function usageClicks(h: Harness, accountId: number): Promise<{ clicks: number; rows: number }> {
  const { rows } = await query<{ clicks: number; rows: number }>(h.db,
    'select coalesce(sum(clicks), 0)::int as clicks, count(*)::int as rows from usage_daily where account_id = $1', [accountId]);
  return rows[0];
}
