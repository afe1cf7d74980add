import { createFileRoute } from '@tanstack/react-router';
import { groupGuard } from '../../../routing/beforeLoad';
import { dataAdministrationRules } from '../../../routing/guards';

// Data administration (spec sections 2 and 6): the catalogue of datasets and plans, for admin and super.
export const Route = createFileRoute('/_signedIn/_validated/dataAdministration')({
  staticData: { crumb: 'Datasets & Plans' },
  beforeLoad: ({ context, preload }) => groupGuard(dataAdministrationRules, { portal: context.portal, preload }),
});
