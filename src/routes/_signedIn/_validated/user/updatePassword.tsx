import { createFileRoute } from '@tanstack/react-router';
import { ownerPageGuard } from '../../../../routing/beforeLoad';
import UpdatePassword from '../../../../areas/user/UpdatePassword';

export const Route = createFileRoute('/_signedIn/_validated/user/updatePassword')({
  beforeLoad: ownerPageGuard,
  staticData: { crumb: 'Update password' },
  component: UpdatePassword,
});
