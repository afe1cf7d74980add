import { createFileRoute } from '@tanstack/react-router';
import CreateAccount from '../../../../../areas/administration/CreateAccount';
import { groupGuard } from '../../../../../routing/beforeLoad';
import { createAccountRules } from '../../../../../routing/guards';

// Beside the account pages, not under them: super creates accounts without loading the selected one.
export const Route = createFileRoute('/_signedIn/_validated/administration/account_/create')({
  staticData: { crumb: 'Create new account' },
  beforeLoad: ({ context, preload }) => groupGuard(createAccountRules, { portal: context.portal, preload }),
  component: CreateAccount,
});
