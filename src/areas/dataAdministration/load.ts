import { notFound } from '@tanstack/react-router';
import type { Portal } from '../../app/portal';
import { catalogueApi } from '../../api/plans';

// What the data administration routes load (their route files import this module on demand, so the
// catalogue calls travel with these pages and not with the first page).

/** The catalogue home, and the choices of the plan form (datasets, and plans that may replace one). */
export async function loadCatalogue(portal: Portal) {
  const api = catalogueApi(portal.api);
  const [datasets, plans] = await Promise.all([api.datasets(), api.plans()]);
  return { datasets, plans };
}

/** A dataset and the plans that use it; an unknown id is the unknown page. */
export async function loadDataset(portal: Portal, datasetId: number) {
  const api = catalogueApi(portal.api);
  const [dataset, plans] = await Promise.all([api.dataset(datasetId), api.plans({ datasetId })]);
  if (!dataset) throw notFound();
  return { dataset, plans };
}

/** A plan with its filters and comparisons; an unknown id is the unknown page. */
export async function loadPlan(portal: Portal, planId: number) {
  const plan = await catalogueApi(portal.api).plan(planId);
  if (!plan) throw notFound();
  return { plan };
}
