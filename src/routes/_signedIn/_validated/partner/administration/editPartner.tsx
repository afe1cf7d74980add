import { createFileRoute } from '@tanstack/react-router';
import AccountEdit from '../../../../../areas/administration/AccountEdit';

export const Route = createFileRoute('/_signedIn/_validated/partner/administration/editPartner')({
  staticData: { crumb: 'Edit partner' },
  component: AccountEdit,
});
