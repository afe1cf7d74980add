import { createFileRoute } from '@tanstack/react-router';
import { fileRoute } from '../../../../../../areas/bureau/routeOptions';

export const Route = createFileRoute('/_signedIn/_validated/applications/addresscleanse/file/$fileId')(fileRoute());
