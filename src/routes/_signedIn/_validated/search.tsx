import { createFileRoute } from '@tanstack/react-router';
import { groupGuard } from '../../../routing/beforeLoad';
import { staffRules } from '../../../routing/guards';

export const Route = createFileRoute('/_signedIn/_validated/search')({
  staticData: { crumb: 'Search' },
  beforeLoad: ({ context, preload }) => groupGuard(staffRules, { portal: context.portal, preload }),
});
