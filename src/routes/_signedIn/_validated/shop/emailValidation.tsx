import { createFileRoute } from '@tanstack/react-router';
import { ServicePage } from '../../../../areas/shop/ServicePage';

// The Email Validation plans of the account's territory (spec section 2).
export const Route = createFileRoute('/_signedIn/_validated/shop/emailValidation')({
  staticData: { crumb: 'Email Validation' },
  loader: async ({ context }) => (await import('../../../../areas/shop/load')).loadShop(context.portal),
  component: EmailValidationShop,
});

function EmailValidationShop() {
  return <ServicePage page="emailValidation" data={Route.useLoaderData()} />;
}
