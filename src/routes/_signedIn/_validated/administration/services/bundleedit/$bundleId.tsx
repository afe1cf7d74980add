import { createFileRoute } from '@tanstack/react-router';
import BundleEdit from '../../../../../../areas/administration/services/BundleEdit';
import { groupGuard } from '../../../../../../routing/beforeLoad';
import { staffRules } from '../../../../../../routing/guards';
import { bundleIdParam } from '../../../../../../routing/params';

// Editing a bundle is for the roles that create them (admin, super, sales), as bundlecreate is.
export const Route = createFileRoute('/_signedIn/_validated/administration/services/bundleedit/$bundleId')({
  staticData: { crumb: 'Edit bundle' },
  params: bundleIdParam,
  beforeLoad: ({ context, preload }) => groupGuard(staffRules, { portal: context.portal, preload }),
  loader: async ({ context, params }) =>
    (await import('../../../../../../areas/administration/services/load')).loadBundleEdit(context.portal, params.bundleId),
  component: BundleEdit,
});
