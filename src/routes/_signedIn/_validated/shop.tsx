import { createFileRoute } from '@tanstack/react-router';
import { groupGuard } from '../../../routing/beforeLoad';
import { shopRules } from '../../../routing/guards';

// The shop (spec section 2: owner, and the account itself must be owned; section 6: not under a
// referrer partner).
export const Route = createFileRoute('/_signedIn/_validated/shop')({
  staticData: { crumb: 'Shop' },
  beforeLoad: ({ context, preload }) => groupGuard(shopRules, { portal: context.portal, preload }),
});
