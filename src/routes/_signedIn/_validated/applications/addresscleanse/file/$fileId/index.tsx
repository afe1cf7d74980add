import { createFileRoute } from '@tanstack/react-router';
import FilePage from '../../../../../../../areas/bureau/FilePage';
import { fileSearch } from '../../../../../../../routing/params';

export const Route = createFileRoute('/_signedIn/_validated/applications/addresscleanse/file/$fileId/')({
  validateSearch: fileSearch,
  loaderDeps: ({ search }) => ({ orderId: search.payment === 'paid' ? undefined : search.orderId }),
  loader: async ({ context, deps }) => (await import('../../../../../../../areas/bureau/load')).loadFilePage(context.portal, deps.orderId),
  component: FilePage,
});
