import { createFileRoute } from '@tanstack/react-router';
import { adminLayout } from '../../../../areas/administration/adminRoutes';

export const Route = createFileRoute('/_signedIn/_validated/administration/account')({ staticData: { crumb: 'Account' }, ...adminLayout('account') });
