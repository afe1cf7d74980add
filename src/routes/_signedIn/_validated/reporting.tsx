import { createFileRoute } from '@tanstack/react-router';
import { groupGuard } from '../../../routing/beforeLoad';
import { reportingRules } from '../../../routing/guards';

// The usage reports (spec section 2, Reporting (owner)).
export const Route = createFileRoute('/_signedIn/_validated/reporting')({
  staticData: { crumb: 'Reporting' },
  beforeLoad: ({ context, preload }) => groupGuard(reportingRules, { portal: context.portal, preload }),
});
