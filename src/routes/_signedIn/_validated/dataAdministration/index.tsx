import { createFileRoute } from '@tanstack/react-router';
import { catalogueRoute } from '../../../../areas/dataAdministration/routeOptions';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/')(catalogueRoute());
