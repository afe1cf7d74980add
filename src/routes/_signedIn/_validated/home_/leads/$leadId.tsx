import { createFileRoute } from '@tanstack/react-router';
import LeadPage from '../../../../../areas/partner/leads/LeadPage';
import { groupGuard } from '../../../../../routing/beforeLoad';
import { homeLeadsRules } from '../../../../../routing/guards';
import { leadIdParam } from '../../../../../routing/params';

// A lead opened from the home page (spec section 2: owner, partner only); beside /home, not under it.
export const Route = createFileRoute('/_signedIn/_validated/home_/leads/$leadId')({
  staticData: { crumb: (data) => (data as { lead?: { companyName?: string } } | undefined)?.lead?.companyName || 'Lead' },
  params: leadIdParam,
  beforeLoad: ({ context, preload }) => groupGuard(homeLeadsRules, { portal: context.portal, preload }),
  loader: async ({ context, params }) => (await import('../../../../../areas/partner/leads/load')).loadLead(context.portal, params.leadId),
  component: LeadPage,
});
