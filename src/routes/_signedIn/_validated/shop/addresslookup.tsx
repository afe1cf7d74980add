import { createFileRoute } from '@tanstack/react-router';
import { AddressLookupShop } from '../../../../areas/shop/ServicePage';

// The Address Lookup plans of the account's territory (spec section 2).
export const Route = createFileRoute('/_signedIn/_validated/shop/addresslookup')({
  staticData: { crumb: 'Address Lookup' },
  loader: async ({ context }) => (await import('../../../../areas/shop/load')).loadShop(context.portal),
  component: AddressLookupShop,
});
