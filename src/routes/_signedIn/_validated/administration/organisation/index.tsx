import { createFileRoute } from '@tanstack/react-router';
import { adminIndex } from '../../../../../areas/administration/adminRoutes';

export const Route = createFileRoute('/_signedIn/_validated/administration/organisation/')(adminIndex());
