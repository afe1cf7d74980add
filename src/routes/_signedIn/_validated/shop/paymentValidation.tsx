import { createFileRoute } from '@tanstack/react-router';
import { PaymentValidationShop } from '../../../../areas/shop/ServicePage';

// The Payment Validation plans of the account's territory (spec section 2).
export const Route = createFileRoute('/_signedIn/_validated/shop/paymentValidation')({
  staticData: { crumb: 'Payment Validation' },
  loader: async ({ context }) => (await import('../../../../areas/shop/load')).loadShop(context.portal),
  component: PaymentValidationShop,
});
