import { createFileRoute } from '@tanstack/react-router';
import Catalogue from '../../../../areas/dataAdministration/Catalogue';

// Datasets and plans.
export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/')({
  loader: async ({ context }) => (await import('../../../../areas/dataAdministration/load')).loadCatalogue(context.portal),
  component: Catalogue,
});
