import { createFileRoute } from '@tanstack/react-router';
import Validate from '../../areas/auth/Validate';
import { guard } from '../../routing/beforeLoad';
import { requireUnvalidated } from '../../routing/guards';

export const Route = createFileRoute('/_signedIn/validate')({
  staticData: { crumb: 'Validate account' },
  beforeLoad: ({ context, location, preload }) => guard(requireUnvalidated, { portal: context.portal, location, preload }),
  component: Validate,
});
