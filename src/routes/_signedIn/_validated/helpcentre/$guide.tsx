import { createFileRoute } from '@tanstack/react-router';
import GuidePage from '../../../../areas/helpcentre/GuidePage';

// Each guide loads on demand with its route; an unknown guide name throws notFound(): the unknown page.
export const Route = createFileRoute('/_signedIn/_validated/helpcentre/$guide')({
  staticData: { crumb: (guide) => (guide as { title?: string } | undefined)?.title ?? 'Guide' },
  loader: async ({ params }) => (await import('../../../../areas/helpcentre/load')).loadGuide(params.guide),
  component: GuidePage,
});
