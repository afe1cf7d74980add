import { createFileRoute } from '@tanstack/react-router';
import { groupGuard } from '../../../../../routing/beforeLoad';
import { ownerPage } from '../../../../../routing/guards';
import UserEdit from '../../../../../areas/user/UserEdit';

export const Route = createFileRoute('/_signedIn/_validated/user/$userId/edit')({
  beforeLoad: ({ context, preload }) => groupGuard(ownerPage, { portal: context.portal, preload }),
  staticData: { crumb: 'Edit' },
  component: UserEdit,
});
