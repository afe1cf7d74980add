import { createFileRoute } from '@tanstack/react-router';
import BureauAdminPage from '../../../../../areas/administration/addresscleanse/BureauAdminPage';
import { bureauAdminSearch } from '../../../../../routing/params';

// The prices (no view), or ?view=royalties / ?view=jobs with their range and filters in the address.
export const Route = createFileRoute('/_signedIn/_validated/administration/addresscleanse/')({
  validateSearch: bureauAdminSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => (await import('../../../../../areas/administration/addresscleanse/load')).loadBureauAdmin(context.portal, deps),
  component: BureauAdminPage,
});
