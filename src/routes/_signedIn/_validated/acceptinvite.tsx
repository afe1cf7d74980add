import { createFileRoute } from '@tanstack/react-router';
import AcceptInvite from '../../../areas/administration/AcceptInvite';
import { inviteSearch } from '../../../routing/params';

export const Route = createFileRoute('/_signedIn/_validated/acceptinvite')({
  staticData: { crumb: 'Invitation' },
  validateSearch: inviteSearch,
  // The page says what the invitation offers, and whether it can still be accepted, before any click.
  loaderDeps: ({ search }) => ({ jwt: search.jwt }),
  loader: async ({ context, deps }) => (await import('../../../areas/administration/load')).loadInvitation(context.portal, deps.jwt),
  component: AcceptInvite,
});
