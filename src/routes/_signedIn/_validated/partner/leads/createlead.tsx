import { createFileRoute } from '@tanstack/react-router';
import CreateLead from '../../../../../areas/partner/leads/CreateLead';

// The lead submission form, with the lead options offered as choices.
export const Route = createFileRoute('/_signedIn/_validated/partner/leads/createlead')({
  staticData: { crumb: 'Create lead' },
  loader: async ({ context }) => (await import('../../../../../areas/partner/leads/load')).loadLeadForm(context.portal),
  component: CreateLead,
});
