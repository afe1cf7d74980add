import { createFileRoute } from '@tanstack/react-router';
import Sessions from '../../../../areas/user/Sessions';

// The signed-in user's own sessions: every user may see and end theirs (members too), so no group rule.
export const Route = createFileRoute('/_signedIn/_validated/user/sessions')({
  staticData: { crumb: 'Signed-in sessions' },
  loader: async ({ context }) => (await import('../../../../areas/user/load')).loadSessions(context.portal),
  component: Sessions,
});
