import { createFileRoute } from '@tanstack/react-router';
import { groupGuard } from '../../../../routing/beforeLoad';
import { ownerPage } from '../../../../routing/guards';
import UpdatePassword from '../../../../areas/user/UpdatePassword';

export const Route = createFileRoute('/_signedIn/_validated/user/updatePassword')({
  beforeLoad: ({ context, preload }) => groupGuard(ownerPage, { portal: context.portal, preload }),
  staticData: { crumb: 'Update password' },
  component: UpdatePassword,
});
