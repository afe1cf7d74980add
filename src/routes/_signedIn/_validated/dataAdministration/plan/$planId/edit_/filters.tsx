import { createFileRoute } from '@tanstack/react-router';
import { planFiltersRoute } from '../../../../../../../areas/dataAdministration/routeOptions';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/plan/$planId/edit_/filters')(planFiltersRoute());
