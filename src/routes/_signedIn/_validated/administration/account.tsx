import { createFileRoute } from '@tanstack/react-router';

// The account's pages: the layout loads the group and its users for all of them.
export const Route = createFileRoute('/_signedIn/_validated/administration/account')({
  staticData: { crumb: 'Account' },
  loader: async ({ context }) => (await import('../../../../areas/administration/load')).loadAdminGroup(context.portal, 'account'),
});
