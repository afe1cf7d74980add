import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_signedIn/_validated/helpcentre')({
  staticData: { crumb: 'Help Centre' },
});
