import { createFileRoute } from '@tanstack/react-router';
import { userGuard } from '../../../../routing/beforeLoad';
import { userIdParam } from '../../../../routing/params';

export const Route = createFileRoute('/_signedIn/_validated/user/$userId')({
  staticData: { crumb: (user) => (user as { personalName?: string | null } | undefined)?.personalName || 'User' },
  params: userIdParam,
  beforeLoad: ({ context, params }) => userGuard(params.userId, { portal: context.portal }),
  loader: async ({ context, params }) => (await import('../../../../areas/user/load')).loadUser(context.portal, params.userId),
});
