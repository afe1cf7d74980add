import { useMemo } from 'react';
import { getRouteApi, notFound } from '@tanstack/react-router';
import type { Portal } from '../../app/portal';
import { catalogueApi } from '../../api/plans';
import { usePortal } from '../../app/PortalContext';

// What the data administration routes load (their route files import this module on demand, so the
// catalogue calls travel with these pages and not with the first page), and how the views read it.

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

export const routes = {
  catalogue: getRouteApi('/_signedIn/_validated/dataAdministration/'),
  dataset: getRouteApi('/_signedIn/_validated/dataAdministration/dataset/$datasetId'),
  plan: getRouteApi('/_signedIn/_validated/dataAdministration/plan/$planId'),
  planCreate: getRouteApi('/_signedIn/_validated/dataAdministration/plan/create'),
  planEdit: getRouteApi('/_signedIn/_validated/dataAdministration/plan/$planId/edit'),
};

/** The catalogue calls, for the views' machines to provide as their actors. */
export function useCatalogueApi() {
  const { api } = usePortal();
  return useMemo(() => catalogueApi(api), [api]);
}
