// The area's pages and loaders behind one dynamic import (./routeOptions.ts): the first data
// administration page loads them all as one chunk. Every lazily loaded chunk costs the first page (and
// so the login page) its file name and preload list; nine page chunks cost more there than this
// staff-only area is worth. This is that boundary, not a convenience barrel.
export { default as Catalogue } from './Catalogue';
export { default as DatasetCreate } from './DatasetCreate';
export { default as DatasetEdit } from './DatasetEdit';
export { default as DatasetView } from './DatasetView';
export { default as PlanComparisons } from './PlanComparisons';
export { default as PlanCreate } from './PlanCreate';
export { default as PlanEdit } from './PlanEdit';
export { default as PlanFilters } from './PlanFilters';
export { default as PlanView } from './PlanView';
export { loadCatalogue, loadDataset, loadPlan } from './loaders';
