import { createFileRoute } from '@tanstack/react-router';
import ServicesPage from '../../../../../areas/administration/services/ServicesPage';
import { servicesSearch } from '../../../../../routing/params';

// ?tab=billing opens the owner's Billing section (saved card, monthly cap, payment users, billing
// history); its data loads with it, and the card and cap alone for the subscriptions' renewal text.
export const Route = createFileRoute('/_signedIn/_validated/administration/services/')({
  validateSearch: servicesSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: async ({ context, deps }) =>
    (await import('../../../../../areas/administration/billing/load')).loadBilling(context.portal, deps.tab === 'billing'),
  component: ServicesPage,
});
