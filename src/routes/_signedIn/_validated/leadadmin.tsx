import { createFileRoute } from '@tanstack/react-router';
import LeadAdminPage from '../../../areas/partner/leadadmin/LeadAdminPage';
import { groupGuard } from '../../../routing/beforeLoad';
import { leadAdminRules } from '../../../routing/guards';

// Lead form administration (spec sections 2 and 6: super only): the options a lead's form offers.
export const Route = createFileRoute('/_signedIn/_validated/leadadmin')({
  staticData: { crumb: 'Lead form Administration' },
  beforeLoad: ({ context, preload }) => groupGuard(leadAdminRules, { portal: context.portal, preload }),
  loader: async ({ context }) => (await import('../../../areas/partner/leadadmin/load')).loadLeadOptions(context.portal),
  component: LeadAdminPage,
});
