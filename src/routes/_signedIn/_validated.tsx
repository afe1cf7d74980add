import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../routing/beforeLoad';
import { requireValidated } from '../../routing/guards';

// Every signed-in page but /validate: an unvalidated user is sent to /validate.
export const Route = createFileRoute('/_signedIn/_validated')({
  beforeLoad: ({ context, location, preload }) => guard(requireValidated, { portal: context.portal, location, preload }),
});
