import { createFileRoute } from '@tanstack/react-router';
import ServicesPage from '../../../../../areas/administration/services/ServicesPage';

export const Route = createFileRoute('/_signedIn/_validated/administration/services/')({ component: ServicesPage });
