import { createFileRoute } from '@tanstack/react-router';
import BundleCreate from '../../../../../areas/administration/services/BundleCreate';
import { groupGuard } from '../../../../../routing/beforeLoad';
import { staffRules } from '../../../../../routing/guards';

// Spec section 2: roles admin, super and sales; anyone else gets the "Oops!" screen.
export const Route = createFileRoute('/_signedIn/_validated/administration/services/bundlecreate')({
  staticData: { crumb: 'Create bundle' },
  beforeLoad: ({ context, preload }) => groupGuard(staffRules, { portal: context.portal, preload }),
  loader: async ({ context }) => (await import('../../../../../areas/administration/services/load')).loadBundleCreate(context.portal),
  component: BundleCreate,
});
