import { createFileRoute } from '@tanstack/react-router';
import TokensReport from '../../../../areas/reporting/TokensReport';
import { reportSearch } from '../../../../routing/params';

export const Route = createFileRoute('/_signedIn/_validated/reporting/tokens')({
  staticData: { crumb: 'Tokens' },
  validateSearch: reportSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context, deps }) => (await import('../../../../areas/reporting/load')).loadTokensReport(context.portal, deps.search),
  component: TokensReport,
});
