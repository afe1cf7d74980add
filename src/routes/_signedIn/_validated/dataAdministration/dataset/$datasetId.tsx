import { createFileRoute } from '@tanstack/react-router';
import { datasetRoute } from '../../../../../areas/dataAdministration/routeOptions';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/dataset/$datasetId')(datasetRoute());
