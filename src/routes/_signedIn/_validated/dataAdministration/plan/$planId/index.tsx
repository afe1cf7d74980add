import { createFileRoute } from '@tanstack/react-router';
import PlanView from '../../../../../../areas/dataAdministration/PlanView';

export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/plan/$planId/')({
  component: PlanView,
});
