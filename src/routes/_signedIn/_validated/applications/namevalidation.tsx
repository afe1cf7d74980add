import { createFileRoute } from '@tanstack/react-router';
import NameValidationPage from '../../../../areas/applications/name/NameValidationPage';
import { nameValidationRules } from '../../../../areas/applications/name/nameValidation';
import { groupGuard } from '../../../../routing/beforeLoad';

// Name validation: group users of a UK account, as payment validation.
export const Route = createFileRoute('/_signedIn/_validated/applications/namevalidation')({
  staticData: { crumb: 'Name Validation' },
  beforeLoad: ({ context, preload }) => groupGuard(nameValidationRules, { portal: context.portal, preload }),
  loader: async ({ context }) => (await import('../../../../areas/applications/name/load')).loadNameValidation(context.portal),
  component: NameValidationPage,
});
