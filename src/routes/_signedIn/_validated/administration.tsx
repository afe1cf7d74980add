import { createFileRoute } from '@tanstack/react-router';
import { groupGuard } from '../../../routing/beforeLoad';
import { administrationRules } from '../../../routing/guards';

// Accounts, groups and staff pages (spec sections 2 and 6).
export const Route = createFileRoute('/_signedIn/_validated/administration')({
  staticData: { crumb: 'Administration' },
  beforeLoad: ({ context, preload }) => groupGuard(administrationRules, { portal: context.portal, preload }),
});
