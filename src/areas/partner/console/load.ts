import { partnerApi } from '../../../api/leads';
import type { Portal } from '../../../app/portal';
import { BlockedError } from '../../../routing/blocked';
import type { ConsoleSearch } from '../../../routing/params';
import { readDayRange } from '../../../shared/dateRange';

// /partner/console: the selected partner's client accounts, their clicks and spend per day over the
// range in the address (default: the last three months). The server counts whole UTC days, the bucket
// holding fromDate through the one holding toDate. `now` is taken once so the range and its picks agree.

const utcDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date) / 1000;
};

export async function loadConsole(portal: Portal, search: ConsoleSearch) {
  const { partner } = portal.groups.getSnapshot().context.selection;
  if (!partner) throw new BlockedError('partnersOnly');
  const now = Math.floor(Date.now() / 1000);
  const range = readDayRange(search, now);
  const report = await partnerApi(portal.api).console({ partnerId: partner.id, fromDate: utcDay(range.from), toDate: utcDay(range.to) + 86_399 });
  return { now, range, partner, report };
}

export type ConsoleData = Awaited<ReturnType<typeof loadConsole>>;
