import { createFileRoute } from '@tanstack/react-router';
import BasketPage from '../../../../areas/shop/BasketPage';
import { basketSearch } from '../../../../routing/params';

// The basket (spec section 2); the gateway's backUrl, with ?orderId and payment=declined|cancelled.
export const Route = createFileRoute('/_signedIn/_validated/shop/basket')({
  staticData: { crumb: 'Basket' },
  validateSearch: basketSearch,
  loaderDeps: ({ search }) => ({ orderId: search.orderId }),
  loader: async ({ context, deps }) => (await import('../../../../areas/shop/load')).loadBasketPage(context.portal, deps.orderId),
  component: BasketPage,
});
