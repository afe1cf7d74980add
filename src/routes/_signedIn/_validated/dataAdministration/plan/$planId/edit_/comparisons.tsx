import { createFileRoute } from '@tanstack/react-router';
import { planComparisonsRoute } from '../../../../../../../areas/dataAdministration/routeOptions';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/plan/$planId/edit_/comparisons')(planComparisonsRoute());
