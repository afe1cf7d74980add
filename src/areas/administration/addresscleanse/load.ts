import { notFound } from '@tanstack/react-router';
import { isStaffUser } from '../../../../contract/shared/access';
import { bureauApi } from '../../../api/bureau';
import type { Portal } from '../../../app/portal';
import { readDayRange } from '../../../shared/dateRange';
import type { BureauAdminSearch } from '../../../routing/params';
import { idList, territoryOf } from './reportText';

// What /administration/addresscleanse and its price update load (their route files import this lazily).

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * For admin and super: the prices (no view), or one of the two reports over the range and filters in
 * the address. For an owner (the guard lets no other staff in): the selected account's cleanse
 * settings, how long its files are kept (UK accounts: file cleansing is theirs).
 */
export async function loadBureauAdmin(portal: Portal, search: BureauAdminSearch) {
  if (!isStaffUser(portal.session.getSnapshot().context.user)) return loadOwnerSettings(portal);
  const api = bureauApi(portal.api);
  const now = nowSeconds();
  if (search.view === 'royalties') {
    const range = readDayRange(search, now);
    // The portal's own territory (its host name) unless the address names one.
    const place = territoryOf(search, portal.territory);
    const types = idList(search.types, 'cost types');
    const territory = place.territory ?? portal.territory;
    const [costTypes, rows] = await Promise.all([
      api.costTypes(),
      api.royaltyCharges({ territory, startDate: range.fromSeconds, endDate: range.toSeconds, ...(types.ids ? { includedTypes: types.ids } : {}) }),
    ]);
    const problems = [place.problem, types.problem].filter((p): p is string => p !== null);
    return { view: 'royalties' as const, now, range, territory, costTypes, includedTypes: types.ids, rows, problems };
  }
  if (search.view === 'jobs') {
    const range = readDayRange(search, now);
    const place = territoryOf(search, null);
    const chosen = idList(search.jobs, 'jobs');
    const query = { ...(place.territory ? { territory: place.territory } : {}), startDate: range.fromSeconds, endDate: range.toSeconds };
    // Every job of the range to choose from, and the ones chosen (all when none are named).
    const [mafs, jobs, included] = await Promise.all([
      api.adminMafs(),
      api.jobCharges(query),
      chosen.ids ? api.jobCharges({ ...query, includedJobs: chosen.ids }) : null,
    ]);
    const problems = [place.problem, chosen.problem].filter((p): p is string => p !== null);
    return { view: 'jobs' as const, now, range, territory: place.territory, mafs, jobs, included: included ?? jobs, problems };
  }
  const [costs, costTypes] = await Promise.all([api.costs(), api.costTypes()]);
  return { view: 'prices' as const, now, costs, costTypes, saved: costs.find((c) => c.costId === search.saved) ?? null };
}
export type BureauAdminData = Awaited<ReturnType<typeof loadBureauAdmin>>;

async function loadOwnerSettings(portal: Portal) {
  const { account } = portal.groups.getSnapshot().context.selection;
  const retention =
    account?.territory === 'uk'
      ? await bureauApi(portal.api).retention(account.id)
      : null;
  return { view: 'owner' as const, account, retention };
}

/** /administration/addresscleanse/priceupdate/{costId}: the price replaced, with its type and history. */
export async function loadPriceUpdate(portal: Portal, costId: number) {
  const api = bureauApi(portal.api);
  const [costs, costTypes] = await Promise.all([api.costs(), api.costTypes()]);
  const cost = costs.find((c) => c.costId === costId);
  if (!cost) throw notFound();
  return { now: nowSeconds(), cost, costs, costType: costTypes.find((t) => t.costTypeId === cost.costTypeId) ?? null };
}
