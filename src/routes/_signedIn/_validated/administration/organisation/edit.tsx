import { createFileRoute } from '@tanstack/react-router';
import { adminEdit } from '../../../../../areas/administration/adminRoutes';

export const Route = createFileRoute('/_signedIn/_validated/administration/organisation/edit')(adminEdit('organisation'));
