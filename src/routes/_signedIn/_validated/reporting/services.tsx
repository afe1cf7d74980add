import { createFileRoute } from '@tanstack/react-router';
import ServicesReport from '../../../../areas/reporting/ServicesReport';
import { reportSearch } from '../../../../routing/params';

export const Route = createFileRoute('/_signedIn/_validated/reporting/services')({
  staticData: { crumb: 'Services' },
  validateSearch: reportSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context, deps }) => (await import('../../../../areas/reporting/load')).loadServicesReport(context.portal, deps.search),
  component: ServicesReport,
});
