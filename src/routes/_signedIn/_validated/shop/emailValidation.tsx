import { createFileRoute } from '@tanstack/react-router';
import { EmailValidationShop } from '../../../../areas/shop/ServicePage';

// The Email Validation plans of the account's territory (spec section 2).
export const Route = createFileRoute('/_signedIn/_validated/shop/emailValidation')({
  staticData: { crumb: 'Email Validation' },
  loader: async ({ context }) => (await import('../../../../areas/shop/load')).loadShop(context.portal),
  component: EmailValidationShop,
});
