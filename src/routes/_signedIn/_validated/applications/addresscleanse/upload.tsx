import { createFileRoute } from '@tanstack/react-router';
import UploadPage from '../../../../../areas/bureau/UploadPage';
import { bureauFileRules } from '../../../../../areas/bureau/rules';
import { groupGuard } from '../../../../../routing/beforeLoad';

export const Route = createFileRoute('/_signedIn/_validated/applications/addresscleanse/upload')({
  staticData: { crumb: 'Upload' },
  beforeLoad: ({ context, preload }) => groupGuard(bureauFileRules, { portal: context.portal, preload }),
  component: UploadPage,
});
