import { createFileRoute } from '@tanstack/react-router';
import { adminEditUser } from '../../../../../../areas/administration/adminRoutes';

export const Route = createFileRoute('/_signedIn/_validated/administration/organisation/edituser/$userId')(adminEditUser('organisation'));
