import { createFileRoute } from '@tanstack/react-router';
import ConsolePage from '../../../../areas/partner/console/ConsolePage';
import { groupGuard } from '../../../../routing/beforeLoad';
import { partnerConsoleRules } from '../../../../routing/guards';
import { consoleSearch } from '../../../../routing/params';

// Ours, beyond the spec: the partner's usage and spend per client account over the range in the
// address (?from, to as yyyy-mm-dd), for those who may administer the partner.
export const Route = createFileRoute('/_signedIn/_validated/partner/console')({
  staticData: { crumb: 'Console' },
  validateSearch: consoleSearch,
  beforeLoad: ({ context, preload }) => groupGuard(partnerConsoleRules, { portal: context.portal, preload }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => (await import('../../../../areas/partner/console/load')).loadConsole(context.portal, deps),
  component: ConsolePage,
});
