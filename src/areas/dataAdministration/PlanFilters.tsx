import { routes } from './loaders';
import { PlanItems } from './PlanItems';

/** /dataAdministration/plan/{planId}/edit/filters */
export default function PlanFilters() {
  const { plan } = routes.plan.useLoaderData();
  return <PlanItems plan={plan} kind="filter" />;
}
