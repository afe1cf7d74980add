import { routes } from './loaders';
import { PlanItems } from './PlanItems';

/** /dataAdministration/plan/{planId}/edit/comparisons */
export default function PlanComparisons() {
  const { plan } = routes.plan.useLoaderData();
  return <PlanItems plan={plan} kind="comparison" />;
}
