import { createFileRoute } from '@tanstack/react-router';
import SecondFactor from '../../areas/auth/SecondFactor';
import { guard } from '../../routing/beforeLoad';
import { requireSecondStep } from '../../routing/guards';

export const Route = createFileRoute('/_open/twofactor')({
  staticData: { crumb: 'Confirm it is you' },
  beforeLoad: ({ context, location, preload }) => guard(requireSecondStep('secondFactor'), { portal: context.portal, location, preload }),
  component: SecondFactor,
});
