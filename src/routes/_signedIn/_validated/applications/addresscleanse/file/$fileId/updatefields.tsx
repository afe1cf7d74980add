import { createFileRoute } from '@tanstack/react-router';
import MappingPage from '../../../../../../../areas/bureau/MappingPage';

export const Route = createFileRoute('/_signedIn/_validated/applications/addresscleanse/file/$fileId/updatefields')({
  staticData: { crumb: 'Update fields' },
  component: MappingPage,
});
