import { DatasetForm } from './DatasetForm';

/** /dataAdministration/dataset/create */
export default function DatasetCreate() {
  return <DatasetForm />;
}
