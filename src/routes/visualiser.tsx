import { createFileRoute } from '@tanstack/react-router';
import Visualiser from '../areas/visualiser/Visualiser';
import { visualiserGuard } from '../routing/beforeLoad';

// The statechart visualiser (developers; config.visualiser): outside the signed-in layout so that
// 'everyone' needs no login. Closed to someone, it is simply not there.
export const Route = createFileRoute('/visualiser')({
  validateSearch: (search: Record<string, unknown>): { machine?: string } =>
    typeof search.machine === 'string' ? { machine: search.machine } : {},
  staticData: { crumb: 'Statecharts' },
  beforeLoad: ({ context, preload }) => visualiserGuard({ portal: context.portal, preload }),
  component: Visualiser,
});
