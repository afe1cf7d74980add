import { createFileRoute } from '@tanstack/react-router';
import { ownerPageGuard } from '../../../routing/beforeLoad';
import Wizard from '../../../areas/administration/Wizard';

export const Route = createFileRoute('/_signedIn/_validated/welcomewizard')({
  staticData: { crumb: 'Welcome' },
  beforeLoad: ownerPageGuard,
  component: Wizard,
});
