import { createFileRoute } from '@tanstack/react-router';
import { groupGuard } from '../../../routing/beforeLoad';
import { ownerPage } from '../../../routing/guards';
import Wizard from '../../../areas/administration/Wizard';

export const Route = createFileRoute('/_signedIn/_validated/organisationwizard')({
  beforeLoad: ({ context, preload }) => groupGuard(ownerPage, { portal: context.portal, preload }),
  staticData: { crumb: 'New organisation' },
  component: Wizard,
});
