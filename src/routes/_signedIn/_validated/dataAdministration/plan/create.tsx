import { createFileRoute } from '@tanstack/react-router';
import { planCreateRoute } from '../../../../../areas/dataAdministration/routeOptions';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/plan/create')(planCreateRoute());
