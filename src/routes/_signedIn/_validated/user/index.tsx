import { createFileRoute } from '@tanstack/react-router';
import { redirectKeepingSearch } from '../../../../routing/beforeLoad';

// /user is the signed-in user's own page.
export const Route = createFileRoute('/_signedIn/_validated/user/')({
  beforeLoad: ({ context, location }) =>
    redirectKeepingSearch(location, '/user/$userId', { userId: context.portal.session.getSnapshot().context.user.id }),
});
