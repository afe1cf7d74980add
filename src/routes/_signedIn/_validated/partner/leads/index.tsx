import { createFileRoute } from '@tanstack/react-router';
import LeadsPage from '../../../../../areas/partner/leads/LeadsPage';
import { leadsSearch } from '../../../../../routing/params';

// The partner's leads (staff: the selected partner's), filtered by the status in the address (?status=).
export const Route = createFileRoute('/_signedIn/_validated/partner/leads/')({
  validateSearch: leadsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => (await import('../../../../../areas/partner/leads/load')).loadLeads(context.portal, deps),
  component: LeadsPage,
});
