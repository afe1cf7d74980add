import { createFileRoute } from '@tanstack/react-router';
import LeadPage from '../../../../../areas/partner/leads/LeadPage';
import { leadIdParam } from '../../../../../routing/params';

// One lead: its details, edit and delete, and for staff its status.
export const Route = createFileRoute('/_signedIn/_validated/partner/leads/$leadId')({
  staticData: { crumb: (data) => (data as { lead?: { companyName?: string } } | undefined)?.lead?.companyName || 'Lead' },
  params: leadIdParam,
  loader: async ({ context, params }) => (await import('../../../../../areas/partner/leads/load')).loadLead(context.portal, params.leadId),
  component: LeadPage,
});
