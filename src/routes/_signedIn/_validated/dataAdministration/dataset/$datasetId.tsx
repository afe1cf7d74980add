import { createFileRoute } from '@tanstack/react-router';
import { datasetIdParam } from '../../../../../routing/params';

// /dataset/{datasetId}: its pages share the dataset and the plans that use it.
export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/dataset/$datasetId')({
  staticData: { crumb: (data) => (data as { dataset?: { dataset: string } } | undefined)?.dataset?.dataset ?? 'Dataset' },
  params: datasetIdParam,
  loader: async ({ context, params }) => (await import('../../../../../areas/dataAdministration/load')).loadDataset(context.portal, params.datasetId),
});
