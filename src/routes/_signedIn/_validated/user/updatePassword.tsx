import { createFileRoute } from '@tanstack/react-router';
import { ownerPageGuard } from '../../../../routing/beforeLoad';
import UpdatePassword from '../../../../areas/user/UpdatePassword';

export const Route = createFileRoute('/_signedIn/_validated/user/updatePassword')({
  staticData: { crumb: 'Update password' },
  beforeLoad: ownerPageGuard,
  component: UpdatePassword,
});
