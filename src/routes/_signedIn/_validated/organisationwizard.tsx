import { createFileRoute } from '@tanstack/react-router';
import { ownerPageGuard } from '../../../routing/beforeLoad';
import Wizard from '../../../areas/administration/Wizard';

export const Route = createFileRoute('/_signedIn/_validated/organisationwizard')({
  staticData: { crumb: 'New organisation' },
  beforeLoad: ownerPageGuard,
  component: Wizard,
});
