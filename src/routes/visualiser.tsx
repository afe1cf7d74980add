import { createFileRoute } from '@tanstack/react-router';
import Visualiser from '../areas/visualiser/Visualiser';
import { visualiserGuard } from '../routing/beforeLoad';
import { visualiserSearch } from '../routing/params';

// The statechart visualiser (developers; config.visualiser): outside the signed-in layout so that
// 'everyone' needs no login. Closed to someone, it is simply not there.
export const Route = createFileRoute('/visualiser')({
  staticData: { crumb: 'Statecharts' },
  validateSearch: visualiserSearch,
  beforeLoad: ({ context, preload }) => visualiserGuard({ portal: context.portal, preload }),
  component: Visualiser,
});
