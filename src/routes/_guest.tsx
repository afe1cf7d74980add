import { createFileRoute } from '@tanstack/react-router';
import PublicLayout from '../areas/auth/PublicLayout';
import { guard } from '../routing/beforeLoad';
import { requireGuest } from '../routing/guards';

// Public pages: a signed-in user is sent on to /home (or /validate).
export const Route = createFileRoute('/_guest')({
  beforeLoad: ({ context, location, preload }) => guard(requireGuest, { portal: context.portal, location, preload }),
  component: PublicLayout,
});
