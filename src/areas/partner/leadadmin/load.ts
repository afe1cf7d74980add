import { leadsApi } from '../../../api/leads';
import type { Portal } from '../../../app/portal';

/** /leadadmin: every lead option, those on offer and the retired ones. */
export async function loadLeadOptions(portal: Portal) {
  return { options: await leadsApi(portal.api).options() };
}
