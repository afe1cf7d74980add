import { createFileRoute } from '@tanstack/react-router';
import { bureauFileRules } from '../../../../../../areas/bureau/rules';
import { groupGuard } from '../../../../../../routing/beforeLoad';
import { fileIdParam } from '../../../../../../routing/params';

// /file/{fileId}: its pages share the guard and the file's name in the breadcrumb (spec section 2:
// the file's name, or "Unknown File").
export const Route = createFileRoute('/_signedIn/_validated/applications/addresscleanse/file/$fileId')({
  staticData: { crumb: (data) => (data as { name?: string | null } | undefined)?.name ?? 'Unknown File' },
  params: fileIdParam,
  beforeLoad: ({ context, preload }) => groupGuard(bureauFileRules, { portal: context.portal, preload }),
  loader: async ({ context, params }) => (await import('../../../../../../areas/bureau/load')).loadFileName(context.portal, params.fileId),
});
