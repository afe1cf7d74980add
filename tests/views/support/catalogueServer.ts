import type { Dataset, Plan } from '../../../contract/plans/entities';
import { ok, type Call, type Handler } from './renderPortal';

// The plans manager's catalogue calls answered from lists (what the data administration view tests
// need); writes are recorded in `calls` by renderPortal and answered with `created`.

export function catalogueServer({ datasets = [], plans = [], created }: { datasets?: Dataset[]; plans?: Plan[]; created?: (call: Call) => unknown }): Handler {
  return (call) => {
    const p = call.url.pathname;
    const q = (key: string) => call.url.searchParams.get(key);
    if (call.method !== 'GET' && p.startsWith('/api/plans/')) return { status: call.method === 'POST' ? 201 : 200, body: created?.(call) ?? { msg: 'Done' } };
    if (p === '/api/plans/datasets') return ok(datasets.filter((d) => !q('datasetId') || d.datasetId === Number(q('datasetId'))));
    if (p === '/api/plans/plans')
      return ok(
        plans.filter((x) => (!q('planId') || x.planId === Number(q('planId'))) && (!q('datasetId') || x.datasetId === Number(q('datasetId')))),
      );
    return undefined;
  };
}
