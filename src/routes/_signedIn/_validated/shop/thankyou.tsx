import { createFileRoute, redirect } from '@tanstack/react-router';
import ThankYouPage from '../../../../areas/shop/ThankYouPage';
import { thankYouSearch } from '../../../../routing/params';

// Where the gateway returns the browser after paying (spec section 2: /shop/thankyou), ?orderId.
export const Route = createFileRoute('/_signedIn/_validated/shop/thankyou')({
  staticData: { crumb: 'Thank you' },
  validateSearch: thankYouSearch,
  loaderDeps: ({ search }) => ({ orderId: search.orderId }),
  loader: async ({ context, deps }) => {
    if (!deps.orderId) throw redirect({ to: '/shop/basket', replace: true });
    return (await import('../../../../areas/shop/load')).loadOrder(context.portal, deps.orderId);
  },
  component: ThankYouPage,
});
