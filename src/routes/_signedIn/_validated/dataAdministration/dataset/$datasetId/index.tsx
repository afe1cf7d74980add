import { createFileRoute } from '@tanstack/react-router';
import DatasetView from '../../../../../../areas/dataAdministration/DatasetView';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/dataset/$datasetId/')({
  component: DatasetView,
});
