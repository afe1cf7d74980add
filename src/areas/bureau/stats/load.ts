import { can } from '../../../../contract/shared/access';
import { bureauApi } from '../../../api/bureau';
import type { Portal } from '../../../app/portal';
import { readDayRange } from '../../../shared/dateRange';
import type { BureauStatsSearch } from '../../../routing/params';

// /applications/addresscleanse: the selected account's bureau statistics over the range in the address
// (GET /stats/summary ?accId, dateFrom, dateTo) and, for a UK account, its files (GET /files) and how long
// they are kept (GET /files/retention). `now` is taken once so the range and its quick picks agree.

export async function loadBureauStats(portal: Portal, search: BureauStatsSearch) {
  const now = Math.floor(Date.now() / 1000);
  const range = readDayRange(search, now);
  const { account, organisation } = portal.groups.getSnapshot().context.selection;
  const calls = bureauApi(portal.api);
  const stats = account ? await calls.stats({ accId: account.id, dateFrom: range.fromSeconds, dateTo: range.toSeconds }) : null;
  // The file list is the UK accounts' (spec section 2: the file routes are theirs), and their owners'
  // alone: staff who selected a customer's account see its statistics, not its files.
  const ownUk = account?.territory === 'uk' && can(portal.session.getSnapshot().context.user, account, 'own');
  const [files, retention] = ownUk
    ? await Promise.all([calls.files(), calls.retention(account.id)])
    : [null, null];
  return { now, range, account, organisation, stats, files, retention };
}

export type BureauStatsData = Awaited<ReturnType<typeof loadBureauStats>>;
