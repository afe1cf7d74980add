import { useLoaderData, useSearch } from '@tanstack/react-router';
import { PlanForm } from './PlanForm';
import { chosenId } from './rules';

/** /dataAdministration/plan/create (?datasetId preselects the dataset). */
export default function PlanCreate() {
  const { datasets, plans } = useLoaderData({ from: '/_signedIn/_validated/dataAdministration/plan/create' });
  const { datasetId } = useSearch({ from: '/_signedIn/_validated/dataAdministration/plan/create' });
  return <PlanForm datasets={datasets} plans={plans} datasetId={chosenId(datasetId)} />;
}
