import { createFileRoute } from '@tanstack/react-router';
import PaymentValidation from '../../../../areas/applications/PaymentValidation';
import { paymentValidationRules } from '../../../../areas/applications/paymentValidation';
import { groupGuard } from '../../../../routing/beforeLoad';

export const Route = createFileRoute('/_signedIn/_validated/applications/paymentvalidation')({
  staticData: { crumb: 'Payment Validation' },
  beforeLoad: ({ context, preload }) => groupGuard(paymentValidationRules, { portal: context.portal, preload }),
  component: PaymentValidation,
});
