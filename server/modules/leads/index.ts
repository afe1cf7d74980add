// Partners' leads and the partner's view of its customers' plans.
export { leadsPlugin, partnerPlansPlugin } from './plugin';
