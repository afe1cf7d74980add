import { createFileRoute } from '@tanstack/react-router';
import { ownerPageGuard } from '../../../routing/beforeLoad';
import Wizard from '../../../areas/administration/Wizard';

export const Route = createFileRoute('/_signedIn/_validated/welcomewizard')({
  beforeLoad: ownerPageGuard,
  staticData: { crumb: 'Welcome' },
  component: Wizard,
});
