import { Link, useLoaderData } from '@tanstack/react-router';
import { PlanForm } from './PlanForm';

/** /dataAdministration/plan/{planId}/edit: the plan's fields and tiers; its filters and comparisons are a page each. */
export default function PlanEdit() {
  const { plan } = useLoaderData({ from: '/_signedIn/_validated/dataAdministration/plan/$planId' });
  const { datasets, plans } = useLoaderData({ from: '/_signedIn/_validated/dataAdministration/plan/$planId/edit' });
  return (
    <>
      <nav className="subnav" aria-label="Plan editing">
        <Link to="/dataAdministration/plan/$planId/edit/filters" params={{ planId: plan.planId }}>
          Filters ({plan.planFilter.length})
        </Link>
        <Link to="/dataAdministration/plan/$planId/edit/comparisons" params={{ planId: plan.planId }}>
          Comparisons ({plan.planComparison.length})
        </Link>
      </nav>
      <PlanForm key={plan.planId} plan={plan} datasets={datasets} plans={plans} />
    </>
  );
}
