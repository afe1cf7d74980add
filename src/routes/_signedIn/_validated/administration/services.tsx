import { createFileRoute } from '@tanstack/react-router';

// The account's subscriptions (spec section 2, /administration/services) and the staff pages under it.
// The loader's code loads with the page, not with the portal's first page.
export const Route = createFileRoute('/_signedIn/_validated/administration/services')({
  staticData: { crumb: 'Services' },
  loader: async ({ context }) => (await import('../../../../areas/administration/services/load')).loadServices(context.portal),
});
