import { createFileRoute } from '@tanstack/react-router';
import PublicLayout from '../areas/auth/PublicLayout';

// Password reset works whether or not someone is signed in: no guard.
export const Route = createFileRoute('/_open')({
  component: PublicLayout,
});
