import { createFileRoute } from '@tanstack/react-router';
import { datasetCreateRoute } from '../../../../../areas/dataAdministration/routeOptions';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/dataset/create')(datasetCreateRoute());
