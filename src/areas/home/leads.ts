import { can } from '../../../contract/shared/access';
import { leadsApi, type Lead } from '../../api/leads';
import type { Portal } from '../../app/portal';
import { waitFor } from 'xstate';
import { groupsSettled } from '../../routing/guards';

// The home page's leads (spec section 2: /home/leads/{leadId} and /home/createlead, owner, partner
// only): the selected partner's latest leads, for those who own it and are not a referrer (the server
// keeps leads from referrers). Loaded beside the dashboard, without holding the page up.

export const homeLeadCount = 5;

export async function loadHomeLeads(portal: Portal): Promise<{ leads: Lead[]; failed: boolean } | null> {
  // Right after login the groups may still be loading: the leads are the partner's they select.
  try {
    await waitFor(portal.groups, groupsSettled, { timeout: 30_000 });
  } catch {
    return null;
  }
  const { partner } = portal.groups.getSnapshot().context.selection;
  const user = portal.session.getSnapshot().context.user;
  if (!partner || partner.subtype === 'referrer' || !can(user, partner, 'own')) return null;
  try {
    const leads = await leadsApi(portal.api).list(partner.id);
    return { leads: leads.slice(0, homeLeadCount), failed: false };
  } catch {
    // Home is where everyone lands: a failure says so on the card, not in the Error modal.
    return { leads: [], failed: true };
  }
}
