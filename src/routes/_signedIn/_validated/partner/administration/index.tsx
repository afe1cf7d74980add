import { createFileRoute } from '@tanstack/react-router';
import { partnerAdminIndex } from '../../../../../areas/administration/adminRoutes';

export const Route = createFileRoute('/_signedIn/_validated/partner/administration/')(partnerAdminIndex());
