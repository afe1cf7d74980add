import { createFileRoute } from '@tanstack/react-router';
import { ownerPageGuard } from '../../../../../routing/beforeLoad';
import UserEdit from '../../../../../areas/user/UserEdit';

export const Route = createFileRoute('/_signedIn/_validated/user/$userId/edit')({
  staticData: { crumb: 'Edit' },
  beforeLoad: ownerPageGuard,
  component: UserEdit,
});
