import { createFileRoute } from '@tanstack/react-router';
import DatasetCreate from '../../../../../areas/dataAdministration/DatasetCreate';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/dataset/create')({
  staticData: { crumb: 'Create dataset' },
  component: DatasetCreate,
});
