import { createFileRoute } from '@tanstack/react-router';
import SummaryReport from '../../../../areas/reporting/SummaryReport';
import { reportSearch } from '../../../../routing/params';

export const Route = createFileRoute('/_signedIn/_validated/reporting/summary')({
  staticData: { crumb: 'Summary' },
  validateSearch: reportSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context, deps }) => (await import('../../../../areas/reporting/load')).loadSummary(context.portal, deps.search),
  component: SummaryReport,
});
