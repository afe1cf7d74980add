import { createFileRoute } from '@tanstack/react-router';
import AcceptInvite from '../../../areas/administration/AcceptInvite';
import { textSearch } from '../../../routing/params';

export const Route = createFileRoute('/_signedIn/_validated/acceptinvite')({
  validateSearch: textSearch('jwt'),
  staticData: { crumb: 'Invitation' },
  component: AcceptInvite,
});
