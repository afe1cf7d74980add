import { useLoaderData } from '@tanstack/react-router';
import { PlanItems } from './PlanItems';

/** /dataAdministration/plan/{planId}/edit/filters */
export default function PlanFilters() {
  const { plan } = useLoaderData({ from: '/_signedIn/_validated/dataAdministration/plan/$planId' });
  return <PlanItems plan={plan} kind="filter" />;
}
