import { createFileRoute } from '@tanstack/react-router';
import EmailValidationPage from '../../../../areas/applications/email/EmailValidationPage';
import { groupGuard } from '../../../../routing/beforeLoad';
import { serviceRules } from '../../../../routing/guards';

// Email validation (spec section 2, Applications: group users only).
export const Route = createFileRoute('/_signedIn/_validated/applications/emailvalidation')({
  staticData: { crumb: 'Email Validation' },
  beforeLoad: ({ context, preload }) => groupGuard(serviceRules, { portal: context.portal, preload }),
  loader: async ({ context }) => (await import('../../../../areas/applications/email/load')).loadEmailValidation(context.portal),
  component: EmailValidationPage,
});
