import { lazyRouteComponent } from '@tanstack/react-router';
import type { RouterContext } from '../../app/router';
import { datasetIdParam, planIdParam, textSearch } from '../../routing/params';

// The options of the data administration file routes (src/routes/_signedIn/_validated/dataAdministration):
// each route file is one line over these, as the administration routes are over adminRoutes.ts. Their
// pages and loaders come from one lazily loaded module (./area.ts); only this file is in the first page.
// Each is a function: the router keeps (and completes) the options object of every route it is given.

const area = () => import('./area');
type Page = 'Catalogue' | 'DatasetCreate' | 'DatasetEdit' | 'DatasetView' | 'PlanComparisons' | 'PlanCreate' | 'PlanEdit' | 'PlanFilters' | 'PlanView';
const page = (name: Page) => lazyRouteComponent(area, name);
const loadCatalogue = ({ context }: { context: RouterContext }) => area().then((m) => m.loadCatalogue(context.portal));

/** /dataAdministration: datasets and plans. */
export const catalogueRoute = () => ({ loader: loadCatalogue, component: page('Catalogue') });

export const datasetCreateRoute = () => ({ staticData: { crumb: 'Create dataset' }, component: page('DatasetCreate') });

/** /dataset/{datasetId}: its pages share the dataset and the plans that use it. */
export const datasetRoute = () => ({
  params: datasetIdParam,
  loader: ({ context, params }: { context: RouterContext; params: { datasetId: number } }) =>
    area().then((m) => m.loadDataset(context.portal, params.datasetId)),
  staticData: { crumb: (data: unknown) => (data as { dataset?: { dataset: string } } | undefined)?.dataset?.dataset ?? 'Dataset' },
});
export const datasetViewRoute = () => ({ component: page('DatasetView') });
export const datasetEditRoute = () => ({ staticData: { crumb: 'Edit' }, component: page('DatasetEdit') });

/** /plan/create (?datasetId preselects the dataset): the datasets and plans fill the form's choices. */
export const planCreateRoute = () => ({
  validateSearch: textSearch('datasetId'),
  loader: loadCatalogue,
  staticData: { crumb: 'Create plan' },
  component: page('PlanCreate'),
});

/** /plan/{planId}: its pages share the plan with its pricing, filters and comparisons. */
export const planRoute = () => ({
  params: planIdParam,
  loader: ({ context, params }: { context: RouterContext; params: { planId: number } }) => area().then((m) => m.loadPlan(context.portal, params.planId)),
  staticData: { crumb: (data: unknown) => (data as { plan?: { plan: string } } | undefined)?.plan?.plan ?? 'Plan' },
});
export const planViewRoute = () => ({ component: page('PlanView') });
export const planEditRoute = () => ({ loader: loadCatalogue, staticData: { crumb: 'Edit' }, component: page('PlanEdit') });
// /plan/{planId}/edit/filters and /comparisons sit beside the edit page (edit_), not inside it.
export const planFiltersRoute = () => ({ staticData: { crumb: 'Filters' }, component: page('PlanFilters') });
export const planComparisonsRoute = () => ({ staticData: { crumb: 'Comparisons' }, component: page('PlanComparisons') });
