import { useLoaderData } from '@tanstack/react-router';
import { PlanItems } from './PlanItems';

/** /dataAdministration/plan/{planId}/edit/comparisons */
export default function PlanComparisons() {
  const { plan } = useLoaderData({ from: '/_signedIn/_validated/dataAdministration/plan/$planId' });
  return <PlanItems plan={plan} kind="comparison" />;
}
