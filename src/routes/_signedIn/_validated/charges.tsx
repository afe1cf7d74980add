import { createFileRoute } from '@tanstack/react-router';
import ChargesPage from '../../../areas/charges/ChargesPage';
import { groupGuard } from '../../../routing/beforeLoad';
import { staffRules } from '../../../routing/guards';
import { chargesSearch } from '../../../routing/params';

// Staff see every account's charges: admin, super and sales. The filters live in the
// address (?from, to as yyyy-mm-dd, status, territory), so a filtered list can be linked to.
export const Route = createFileRoute('/_signedIn/_validated/charges')({
  staticData: { crumb: 'Charges' },
  validateSearch: chargesSearch,
  beforeLoad: ({ context, preload }) => groupGuard(staffRules, { portal: context.portal, preload }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => (await import('../../../areas/charges/load')).loadCharges(context.portal, deps),
  component: ChargesPage,
});
