// The plans manager: datasets, plans, filters and comparisons (the catalogue), an account's
// subscriptions, bundles and usage summary.
export { missing } from './notFound';
export { bundleRows, holdsSubscriptions, subscriptionRows, usageTotals } from './accountQueries';
export { summarise, usagePeriods } from './summary';
