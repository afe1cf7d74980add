import { createFileRoute } from '@tanstack/react-router';
import PriceUpdate from '../../../../../../areas/administration/addresscleanse/PriceUpdate';
import { groupGuard } from '../../../../../../routing/beforeLoad';
import { bureauPriceRules } from '../../../../../../routing/guards';
import { costIdParam } from '../../../../../../routing/params';

// A new price for the cost type and territory of cost {costId} (POST /admin/costs), with its history.
export const Route = createFileRoute('/_signedIn/_validated/administration/addresscleanse/priceupdate/$costId')({
  staticData: { crumb: 'Update price' },
  params: costIdParam,
  beforeLoad: ({ context, preload }) => groupGuard(bureauPriceRules, { portal: context.portal, preload }),
  loader: async ({ context, params }) => (await import('../../../../../../areas/administration/addresscleanse/load')).loadPriceUpdate(context.portal, params.costId),
  component: PriceUpdate,
});
