import { createFileRoute } from '@tanstack/react-router';
import { adminLayout } from '../../../../areas/administration/adminRoutes';
import { groupGuard } from '../../../../routing/beforeLoad';

export const Route = createFileRoute('/_signedIn/_validated/partner/administration')({
  staticData: { crumb: 'Administration' },
  beforeLoad: ({ context, preload }) => groupGuard({ partnerOnly: true, ownerOnly: true }, { portal: context.portal, preload }),
  ...adminLayout('partner'),
});
