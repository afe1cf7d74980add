import { createFileRoute } from '@tanstack/react-router';
import AddressLookup from '../../../../areas/applications/addresslookup/AddressLookup';
import { groupGuard } from '../../../../routing/beforeLoad';
import { serviceRules } from '../../../../routing/guards';

// Address lookup and autocomplete (spec section 2, Applications: group users only; either
// territory, the dataset follows the account's).
export const Route = createFileRoute('/_signedIn/_validated/applications/addresslookup')({
  staticData: { crumb: 'Address Lookup' },
  beforeLoad: ({ context, preload }) => groupGuard(serviceRules, { portal: context.portal, preload }),
  component: AddressLookup,
});
