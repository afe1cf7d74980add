import { createFileRoute } from '@tanstack/react-router';
import AccountEdit from '../../../../../areas/administration/AccountEdit';

export const Route = createFileRoute('/_signedIn/_validated/administration/organisation/edit')({
  staticData: { crumb: 'Edit' },
  component: AccountEdit,
});
