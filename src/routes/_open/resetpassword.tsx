import { createFileRoute } from '@tanstack/react-router';
import ResetPassword from '../../areas/auth/ResetPassword';
import { textSearch } from '../../routing/params';

export const Route = createFileRoute('/_open/resetpassword')({
  validateSearch: textSearch('userId'),
  staticData: { crumb: 'Reset password' },
  component: ResetPassword,
});
