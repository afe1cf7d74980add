import { useLoaderData } from '@tanstack/react-router';
import { DatasetForm } from './DatasetForm';

/** /dataAdministration/dataset/{datasetId}/edit */
export default function DatasetEdit() {
  const { dataset } = useLoaderData({ from: '/_signedIn/_validated/dataAdministration/dataset/$datasetId' });
  return <DatasetForm key={dataset.datasetId} dataset={dataset} />;
}
