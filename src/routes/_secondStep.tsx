import { createFileRoute } from '@tanstack/react-router';
import PublicLayout from '../areas/auth/PublicLayout';

// The second step of signing in: each page guards itself (only a session at that step may stay).
export const Route = createFileRoute('/_secondStep')({
  component: PublicLayout,
});
