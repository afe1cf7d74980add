import { createFileRoute } from '@tanstack/react-router';
import { planRoute } from '../../../../../areas/dataAdministration/routeOptions';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/plan/$planId')(planRoute());
