import { createFileRoute } from '@tanstack/react-router';
import PlanComparisons from '../../../../../../../areas/dataAdministration/PlanComparisons';

// Beside the edit page (edit_), not inside it.
export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/plan/$planId/edit_/comparisons')({
  staticData: { crumb: 'Comparisons' },
  component: PlanComparisons,
});
