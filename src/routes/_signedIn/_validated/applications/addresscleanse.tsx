import { createFileRoute } from '@tanstack/react-router';
import { groupGuard } from '../../../../routing/beforeLoad';
import { bureauStatsRules } from '../../../../routing/guards';

// Address Cleanse (spec section 2, Applications): the page itself is the owner's, in either territory;
// the file routes under it (upload, a file's pages) add the UK-only rule.
export const Route = createFileRoute('/_signedIn/_validated/applications/addresscleanse')({
  staticData: { crumb: 'Address Cleanse' },
  beforeLoad: ({ context, preload }) => groupGuard(bureauStatsRules, { portal: context.portal, preload }),
});
