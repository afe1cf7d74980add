import { createFileRoute } from '@tanstack/react-router';
import AccountInvite from '../../../../../areas/administration/AccountInvite';

export const Route = createFileRoute('/_signedIn/_validated/administration/organisation/invite')({
  staticData: { crumb: 'Invite' },
  component: AccountInvite,
});
