import { createFileRoute } from '@tanstack/react-router';
import { uploadRoute } from '../../../../../areas/bureau/routeOptions';

export const Route = createFileRoute('/_signedIn/_validated/applications/addresscleanse/upload')(uploadRoute());
