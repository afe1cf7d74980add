import { createFileRoute } from '@tanstack/react-router';
import { groupGuard } from '../../../../routing/beforeLoad';
import { organisationAdministrationRules } from '../../../../routing/guards';

// The selected organisation's own pages (its details, users, accounts, charity and corporate status):
// the account pages administer the account, and owning an account does not make one its organisation's owner.
export const Route = createFileRoute('/_signedIn/_validated/administration/organisation')({
  staticData: { crumb: 'Organisation' },
  beforeLoad: ({ context, preload }) => groupGuard(organisationAdministrationRules, { portal: context.portal, preload }),
  loader: async ({ context }) => (await import('../../../../areas/administration/load')).loadAdminGroup(context.portal, 'organisation'),
});
