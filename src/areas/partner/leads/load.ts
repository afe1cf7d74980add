import { isStaffUser } from '../../../../contract/shared/access';
import { leadStatuses, type LeadStatus } from '../../../../contract/shared/leads';
import { leadsApi } from '../../../api/leads';
import type { Portal } from '../../../app/portal';
import { BlockedError } from '../../../routing/blocked';
import type { LeadsSearch } from '../../../routing/params';

// What the leads pages load (their route files import this lazily). The guards have made sure a
// partner is selected; staff see every partner's leads (spec: staff move every lead through its statuses).

function selectedPartner(portal: Portal) {
  const { partner } = portal.groups.getSnapshot().context.selection;
  if (!partner) throw new BlockedError('partnersOnly');
  return partner;
}

const isStatus = (value: string | undefined): value is LeadStatus => leadStatuses.some((s) => s === value);

/** /partner/leads: the leads, those of the status in the address when it names one. */
export async function loadLeads(portal: Portal, search: LeadsSearch) {
  const partner = selectedPartner(portal);
  const staff = isStaffUser(portal.session.getSnapshot().context.user);
  const all = await leadsApi(portal.api).list(staff ? undefined : partner.id);
  const status = isStatus(search.status) ? search.status : null;
  const problem = search.status && !status ? `There is no status “${search.status}”: every status is shown.` : null;
  return { partner, staff, status, problem, total: all.length, leads: status ? all.filter((l) => l.status === status) : all };
}

/** A lead, and the options its form offers. */
export async function loadLead(portal: Portal, leadId: number) {
  const api = leadsApi(portal.api);
  const [lead, options] = await Promise.all([api.get(leadId), api.options()]);
  const staff = isStaffUser(portal.session.getSnapshot().context.user);
  return { lead, options, staff };
}

/** The submission form: the partner it is for and the options it offers. */
export async function loadLeadForm(portal: Portal) {
  const partner = selectedPartner(portal);
  const options = await leadsApi(portal.api).options();
  return { partner, options };
}

export type LeadsData = Awaited<ReturnType<typeof loadLeads>>;
