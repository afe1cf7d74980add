import { createFileRoute } from '@tanstack/react-router';
import { datasetEditRoute } from '../../../../../../areas/dataAdministration/routeOptions';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/dataset/$datasetId/edit')(datasetEditRoute());
