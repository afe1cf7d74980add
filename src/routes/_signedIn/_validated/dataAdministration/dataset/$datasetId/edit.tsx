import { createFileRoute } from '@tanstack/react-router';
import DatasetEdit from '../../../../../../areas/dataAdministration/DatasetEdit';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/dataset/$datasetId/edit')({
  staticData: { crumb: 'Edit' },
  component: DatasetEdit,
});
