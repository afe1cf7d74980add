import { createFileRoute } from '@tanstack/react-router';
import Home from '../../../areas/home/Home';

// The customer's dashboard; its calls load with the page, not with the portal's first page.
export const Route = createFileRoute('/_signedIn/_validated/home')({
  staticData: { crumb: 'Home' },
  loader: async ({ context }) => (await import('../../../areas/home/load')).loadHome(context.portal),
  component: Home,
});
