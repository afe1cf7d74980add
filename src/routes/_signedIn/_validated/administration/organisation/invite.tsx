import { createFileRoute } from '@tanstack/react-router';
import { adminInvite } from '../../../../../areas/administration/adminRoutes';

export const Route = createFileRoute('/_signedIn/_validated/administration/organisation/invite')(adminInvite());
