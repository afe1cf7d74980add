import * as bureau from '../../../../contract/bureau/endpoints';
import type { Portal } from '../../../app/portal';
import { readDayRange } from '../../../shared/dateRange';
import type { BureauStatsSearch } from '../../../routing/params';

// /applications/addresscleanse: the selected account's bureau statistics over the range in the address
// (GET /stats/summary ?accId, dateFrom, dateTo). `now` is taken once so the range and its quick picks agree.

export async function loadBureauStats(portal: Portal, search: BureauStatsSearch) {
  const now = Math.floor(Date.now() / 1000);
  const range = readDayRange(search, now);
  const { account, organisation } = portal.groups.getSnapshot().context.selection;
  const stats = account
    ? await portal.api.call(
        bureau.statsSummary,
        { query: { accId: account.id, dateFrom: range.fromSeconds, dateTo: range.toSeconds } },
        { action: 'load the address cleanse statistics', cache: false },
      )
    : null;
  return { now, range, account, organisation, stats };
}

export type BureauStatsData = Awaited<ReturnType<typeof loadBureauStats>>;
