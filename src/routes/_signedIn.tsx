import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../routing/beforeLoad';
import { requireSession } from '../routing/guards';
import AppLayout from '../shared/AppLayout';

// Everything else needs a session.
export const Route = createFileRoute('/_signedIn')({
  beforeLoad: ({ context, location, preload, cause }) => guard(requireSession, { portal: context.portal, location, preload, cause }),
  component: AppLayout,
});
