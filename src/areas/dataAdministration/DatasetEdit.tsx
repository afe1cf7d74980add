import { routes } from './loaders';
import { DatasetForm } from './DatasetForm';

/** /dataAdministration/dataset/{datasetId}/edit */
export default function DatasetEdit() {
  const { dataset } = routes.dataset.useLoaderData();
  return <DatasetForm key={dataset.datasetId} dataset={dataset} />;
}
