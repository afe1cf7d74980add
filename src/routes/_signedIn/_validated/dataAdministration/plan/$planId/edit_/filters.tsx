import { createFileRoute } from '@tanstack/react-router';
import PlanFilters from '../../../../../../../areas/dataAdministration/PlanFilters';

// Beside the edit page (edit_), not inside it.
export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/plan/$planId/edit_/filters')({
  staticData: { crumb: 'Filters' },
  component: PlanFilters,
});
