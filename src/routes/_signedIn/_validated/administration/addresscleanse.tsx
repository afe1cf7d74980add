import { createFileRoute } from '@tanstack/react-router';
import { groupGuard } from '../../../../routing/beforeLoad';
import { bureauAdminRules } from '../../../../routing/guards';

// Address Cleanse administration (spec section 2: owner, roles admin and super): the account's own
// cleanse settings for its owner; the prices of file cleansing and their reports for admin and super
// (other staff are refused). The administration layout's owner guard applies first.
export const Route = createFileRoute('/_signedIn/_validated/administration/addresscleanse')({
  staticData: { crumb: 'Address Cleanse' },
  beforeLoad: ({ context, preload }) => groupGuard(bureauAdminRules, { portal: context.portal, preload }),
});
