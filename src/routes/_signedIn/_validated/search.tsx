import { createFileRoute } from '@tanstack/react-router';
import { groupGuard } from '../../../routing/beforeLoad';

export const Route = createFileRoute('/_signedIn/_validated/search')({
  staticData: { crumb: 'Search' },
  beforeLoad: ({ context, preload }) => groupGuard({ roles: ['admin', 'super', 'sales'] }, { portal: context.portal, preload }),
});
