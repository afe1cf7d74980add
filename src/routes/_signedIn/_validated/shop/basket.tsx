import { createFileRoute } from '@tanstack/react-router';
import BasketPage from '../../../../areas/shop/BasketPage';
import { basketSearch } from '../../../../routing/params';

// The basket (spec section 2); the gateway's backUrl, with ?orderId and payment=declined|cancelled.
export const Route = createFileRoute('/_signedIn/_validated/shop/basket')({
  staticData: { crumb: 'Basket' },
  validateSearch: basketSearch,
  loader: async ({ context }) => (await import('../../../../areas/shop/load')).loadBasketPage(context.portal),
  component: BasketPage,
});
