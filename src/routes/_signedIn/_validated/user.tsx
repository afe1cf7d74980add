import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_signedIn/_validated/user')({
  staticData: { crumb: 'My settings' },
});
