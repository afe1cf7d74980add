import { createFileRoute } from '@tanstack/react-router';
import { userIdParam } from '../../../../routing/params';

export const Route = createFileRoute('/_signedIn/_validated/user/$userId')({
  params: userIdParam,
  loader: ({ context, params }) => context.portal.users.getUser(params.userId),
  staticData: { crumb: (user) => (user as { personalName?: string | null } | undefined)?.personalName || 'User' },
});
