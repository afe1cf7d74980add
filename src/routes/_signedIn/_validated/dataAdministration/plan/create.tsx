import { createFileRoute } from '@tanstack/react-router';
import PlanCreate from '../../../../../areas/dataAdministration/PlanCreate';
import { textSearch } from '../../../../../routing/params';

// ?datasetId preselects the dataset; the datasets and plans fill the form's choices.
export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/plan/create')({
  staticData: { crumb: 'Create plan' },
  validateSearch: textSearch('datasetId'),
  loader: async ({ context }) => (await import('../../../../../areas/dataAdministration/load')).loadCatalogue(context.portal),
  component: PlanCreate,
});
