import { routes } from './loaders';
import { PlanForm } from './PlanForm';
import { chosenId } from './rules';

/** /dataAdministration/plan/create (?datasetId preselects the dataset). */
export default function PlanCreate() {
  const { datasets, plans } = routes.planCreate.useLoaderData();
  const { datasetId } = routes.planCreate.useSearch();
  return <PlanForm datasets={datasets} plans={plans} datasetId={chosenId(datasetId)} />;
}
