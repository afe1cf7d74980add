import { createFileRoute } from '@tanstack/react-router';
import PartnerAccounts from '../../../../../areas/administration/PartnerAccounts';

export const Route = createFileRoute('/_signedIn/_validated/partner/administration/')({
  loader: async ({ context }) => (await import('../../../../../areas/administration/load')).loadPartnerAccounts(context.portal),
  component: PartnerAccounts,
});
