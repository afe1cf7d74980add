import { createFileRoute } from '@tanstack/react-router';
import StatsPage from '../../../../../areas/bureau/stats/StatsPage';
import { bureauStatsSearch } from '../../../../../routing/params';

// The account's cleansing statistics over the range in the address (?from, to as yyyy-mm-dd).
export const Route = createFileRoute('/_signedIn/_validated/applications/addresscleanse/')({
  validateSearch: bureauStatsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => (await import('../../../../../areas/bureau/stats/load')).loadBureauStats(context.portal, deps),
  component: StatsPage,
});
