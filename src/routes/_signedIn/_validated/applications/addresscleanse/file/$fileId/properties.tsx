import { createFileRoute } from '@tanstack/react-router';
import PropertiesPage from '../../../../../../../areas/bureau/PropertiesPage';

export const Route = createFileRoute('/_signedIn/_validated/applications/addresscleanse/file/$fileId/properties')({
  staticData: { crumb: 'Properties' },
  component: PropertiesPage,
});
