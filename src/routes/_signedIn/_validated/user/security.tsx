import { createFileRoute } from '@tanstack/react-router';
import Security from '../../../../areas/user/Security';

// The signed-in user's own second factors: every user may set up theirs (members too), so no group rule.
export const Route = createFileRoute('/_signedIn/_validated/user/security')({
  staticData: { crumb: 'Sign-in security' },
  loader: async ({ context }) => (await import('../../../../areas/user/load')).loadSecurity(context.portal),
  component: Security,
});
