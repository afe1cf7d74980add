import { createFileRoute } from '@tanstack/react-router';
import AccountEditUser from '../../../../../../areas/administration/AccountEditUser';
import { userIdParam } from '../../../../../../routing/params';

export const Route = createFileRoute('/_signedIn/_validated/administration/account/edituser/$userId')({
  staticData: { crumb: 'Edit user' },
  params: userIdParam,
  loader: async ({ context, params }) => (await import('../../../../../../areas/administration/load')).loadEditUser(context.portal, 'account', params.userId),
  component: AccountEditUser,
});
