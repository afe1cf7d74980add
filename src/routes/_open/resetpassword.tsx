import { createFileRoute } from '@tanstack/react-router';
import ResetPassword from '../../areas/auth/ResetPassword';
import { textSearch } from '../../routing/params';

export const Route = createFileRoute('/_open/resetpassword')({
  staticData: { crumb: 'Reset password' },
  validateSearch: textSearch('userId'),
  component: ResetPassword,
});
