import { createFileRoute } from '@tanstack/react-router';
import AcceptInvite from '../../../areas/administration/AcceptInvite';
import { textSearch } from '../../../routing/params';

// Built outside the route's options: inside them, the router's contextual types would widen the key
// and lose `jwt` from the search that loaderDeps reads.
const jwtSearch = textSearch('jwt');

export const Route = createFileRoute('/_signedIn/_validated/acceptinvite')({
  validateSearch: jwtSearch,
  // The page says what the invitation offers, and whether it can still be accepted, before any click.
  loaderDeps: ({ search }) => ({ jwt: search.jwt }),
  loader: ({ context, deps }) => (deps.jwt ? context.portal.groupsApi.invitation(deps.jwt) : null),
  staticData: { crumb: 'Invitation' },
  component: AcceptInvite,
});
