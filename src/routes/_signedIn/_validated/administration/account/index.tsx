import { createFileRoute } from '@tanstack/react-router';
import AccountAdmin from '../../../../../areas/administration/AccountAdmin';

export const Route = createFileRoute('/_signedIn/_validated/administration/account/')({
  component: AccountAdmin,
});
