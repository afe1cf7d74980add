import { createFileRoute } from '@tanstack/react-router';
import { NameValidationShop } from '../../../../areas/shop/ServicePage';

// The Name Validation plans of the account's territory (spec section 2).
export const Route = createFileRoute('/_signedIn/_validated/shop/nameValidation')({
  staticData: { crumb: 'Name Validation' },
  loader: async ({ context }) => (await import('../../../../areas/shop/load')).loadShop(context.portal),
  component: NameValidationShop,
});
