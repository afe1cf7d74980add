import { createFileRoute } from '@tanstack/react-router';
import PlanEdit from '../../../../../../areas/dataAdministration/PlanEdit';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/plan/$planId/edit')({
  staticData: { crumb: 'Edit' },
  loader: async ({ context }) => (await import('../../../../../../areas/dataAdministration/load')).loadCatalogue(context.portal),
  component: PlanEdit,
});
