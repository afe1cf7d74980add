import { createFileRoute } from '@tanstack/react-router';
import { planEditRoute } from '../../../../../../areas/dataAdministration/routeOptions';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/plan/$planId/edit')(planEditRoute());
