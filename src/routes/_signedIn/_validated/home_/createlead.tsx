import { createFileRoute } from '@tanstack/react-router';
import CreateLead from '../../../../areas/partner/leads/CreateLead';
import { groupGuard } from '../../../../routing/beforeLoad';
import { homeLeadsRules } from '../../../../routing/guards';

// The lead submission form from the home page (spec section 2: owner, partner only).
export const Route = createFileRoute('/_signedIn/_validated/home_/createlead')({
  staticData: { crumb: 'Create lead' },
  beforeLoad: ({ context, preload }) => groupGuard(homeLeadsRules, { portal: context.portal, preload }),
  loader: async ({ context }) => (await import('../../../../areas/partner/leads/load')).loadLeadForm(context.portal),
  component: CreateLead,
});
