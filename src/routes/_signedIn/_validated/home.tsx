import { createFileRoute } from '@tanstack/react-router';
import Home from '../../../areas/home/Home';
import { homeSearch } from '../../../routing/params';

// The customer's dashboard. Its calls' code loads with the page, not with the portal's first page,
// and the page does not wait for them (deferred): the dashboard fills in when they answer.
export const Route = createFileRoute('/_signedIn/_validated/home')({
  staticData: { crumb: 'Home' },
  validateSearch: homeSearch,
  loader: ({ context }) => ({
    home: import('../../../areas/home/load').then((m) => m.loadHome(context.portal)),
    // A partner's latest leads (spec section 2: /home/leads/{leadId}, /home/createlead); null for anyone else.
    leads: import('../../../areas/home/leads').then((m) => m.loadHomeLeads(context.portal)),
    // An authorised payment user's card and invoices; null for anyone else (owners have the Billing tab).
    billing: import('../../../areas/home/payerBilling').then((m) => m.loadPayerBilling(context.portal)),
  }),
  component: Home,
});
