import { createFileRoute } from '@tanstack/react-router';
import { datasetViewRoute } from '../../../../../../areas/dataAdministration/routeOptions';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/dataset/$datasetId/')(datasetViewRoute());
