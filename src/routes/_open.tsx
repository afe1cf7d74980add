import { createFileRoute } from '@tanstack/react-router';
import PublicLayout from '../areas/auth/PublicLayout';

// Public pages that guard themselves or need no guard: password reset (whether or not someone is
// signed in), and the second step of signing in (each page lets in only a session at that step).
export const Route = createFileRoute('/_open')({
  component: PublicLayout,
});
