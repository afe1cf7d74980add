import { createFileRoute } from '@tanstack/react-router';
import { ServicePage } from '../../../../areas/shop/ServicePage';

// The Payment Validation plans of the account's territory (spec section 2).
export const Route = createFileRoute('/_signedIn/_validated/shop/paymentValidation')({
  staticData: { crumb: 'Payment Validation' },
  loader: async ({ context }) => (await import('../../../../areas/shop/load')).loadShop(context.portal),
  component: PaymentValidationShop,
});

function PaymentValidationShop() {
  return <ServicePage page="paymentValidation" data={Route.useLoaderData()} />;
}
