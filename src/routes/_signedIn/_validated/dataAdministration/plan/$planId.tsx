import { createFileRoute } from '@tanstack/react-router';
import { planIdParam } from '../../../../../routing/params';

// /plan/{planId}: its pages share the plan with its pricing, filters and comparisons.
export const Route = createFileRoute('/_signedIn/_validated/dataAdministration/plan/$planId')({
  staticData: { crumb: (data) => (data as { plan?: { plan: string } } | undefined)?.plan?.plan ?? 'Plan' },
  params: planIdParam,
  loader: async ({ context, params }) => (await import('../../../../../areas/dataAdministration/load')).loadPlan(context.portal, params.planId),
});
