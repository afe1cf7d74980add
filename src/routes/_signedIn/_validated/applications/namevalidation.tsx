import { createFileRoute } from '@tanstack/react-router';
import NameValidationPage from '../../../../areas/applications/name/NameValidationPage';
import { groupGuard } from '../../../../routing/beforeLoad';
import { ukServiceRules } from '../../../../routing/guards';

// Name validation: group users of a UK account, as payment validation.
export const Route = createFileRoute('/_signedIn/_validated/applications/namevalidation')({
  staticData: { crumb: 'Name Validation' },
  beforeLoad: ({ context, preload }) => groupGuard(ukServiceRules, { portal: context.portal, preload }),
  loader: async ({ context }) => (await import('../../../../areas/applications/name/load')).loadNameValidation(context.portal),
  component: NameValidationPage,
});
