import { createFileRoute } from '@tanstack/react-router';
import { groupGuard } from '../../../../routing/beforeLoad';
import { partnerAdministrationRules } from '../../../../routing/guards';

export const Route = createFileRoute('/_signedIn/_validated/partner/administration')({
  staticData: { crumb: 'Administration' },
  beforeLoad: ({ context, preload }) => groupGuard(partnerAdministrationRules, { portal: context.portal, preload }),
  loader: async ({ context }) => (await import('../../../../areas/administration/load')).loadAdminGroup(context.portal, 'partner'),
});
