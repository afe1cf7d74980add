import { createFileRoute } from '@tanstack/react-router';
import StatsPage from '../../../../../areas/bureau/stats/StatsPage';
import { bureauStatsSearch } from '../../../../../routing/params';

// The account's cleansing statistics over the range in the address (?from, to as yyyy-mm-dd).
export const Route = createFileRoute('/_signedIn/_validated/applications/addresscleanse/')({
  validateSearch: bureauStatsSearch,
  loaderDeps: ({ search }) => search,
  // The file list's statuses and "kept until" dates change as results are made and paid on the file
  // pages: a list preloaded by hovering a link there is shown and then read again, never trusted.
  preloadStaleTime: 0,
  loader: async ({ context, deps }) => (await import('../../../../../areas/bureau/stats/load')).loadBureauStats(context.portal, deps),
  component: StatsPage,
});
