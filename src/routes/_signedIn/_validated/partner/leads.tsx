import { createFileRoute } from '@tanstack/react-router';
import { groupGuard } from '../../../../routing/beforeLoad';
import { partnerLeadsRules } from '../../../../routing/guards';

// The partner's sales leads (spec section 2: owner, partner only, not referrers).
export const Route = createFileRoute('/_signedIn/_validated/partner/leads')({
  staticData: { crumb: 'Leads' },
  beforeLoad: ({ context, preload }) => groupGuard(partnerLeadsRules, { portal: context.portal, preload }),
});
