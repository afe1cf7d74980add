import { createFileRoute } from '@tanstack/react-router';
import Enrol from '../../areas/auth/Enrol';
import { guard } from '../../routing/beforeLoad';
import { requireSecondStep } from '../../routing/guards';

export const Route = createFileRoute('/_open/enrol')({
  staticData: { crumb: 'Add a second factor' },
  beforeLoad: ({ context, location, preload }) => guard(requireSecondStep('enrol'), { portal: context.portal, location, preload }),
  component: Enrol,
});
