import { createFileRoute } from '@tanstack/react-router';
import { propertiesRoute } from '../../../../../../../areas/bureau/routeOptions';

export const Route = createFileRoute('/_signedIn/_validated/applications/addresscleanse/file/$fileId/properties')(propertiesRoute());
