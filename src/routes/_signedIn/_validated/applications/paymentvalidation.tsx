import { createFileRoute } from '@tanstack/react-router';
import PaymentValidation from '../../../../areas/applications/PaymentValidation';
import { groupGuard } from '../../../../routing/beforeLoad';
import { ukServiceRules } from '../../../../routing/guards';

export const Route = createFileRoute('/_signedIn/_validated/applications/paymentvalidation')({
  staticData: { crumb: 'Payment Validation' },
  beforeLoad: ({ context, preload }) => groupGuard(ukServiceRules, { portal: context.portal, preload }),
  component: PaymentValidation,
});
