import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import BasketPage from '../../../../areas/shop/BasketPage';

// The basket (spec section 2); the gateway's backUrl, with ?orderId and payment=declined|cancelled.
const search = z.object({
  orderId: z.coerce.number().int().positive().optional().catch(undefined),
  payment: z.enum(['declined', 'cancelled']).optional().catch(undefined),
});

export const Route = createFileRoute('/_signedIn/_validated/shop/basket')({
  staticData: { crumb: 'Basket' },
  validateSearch: search,
  loader: async ({ context }) => (await import('../../../../areas/shop/load')).loadBasketPage(context.portal),
  component: BasketPage,
});
