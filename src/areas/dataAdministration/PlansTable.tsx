import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { dqServiceLabels } from '../../../contract/shared/catalogue';
import { territoryLabels } from '../../../contract/shared/territory';
import type { Dataset, Plan } from '../../api/plans';
import { formatDate } from '../../shared/format';
import { ResultTable } from '../../shared/ResultTable';
import { availabilityLabels, availabilityOf, firstRate, windowText } from './catalogue';

/** Whether a plan is sold, in a badge: deprecated first, then its availability window. */
export function PlanStatus({ plan, now }: { plan: Plan; now: number }) {
  if (plan.deprecated) return <span className="badge badge--warning">Deprecated</span>;
  const availability = availabilityOf(plan, now);
  return <span className={`badge ${availability === 'available' ? 'badge--ok' : 'badge--muted'}`}>{availabilityLabels[availability]}</span>;
}

/** The plans of the catalogue home and of a dataset's page. */
export function PlansTable({ labelledBy, plans, now, empty, showDataset = true }: {
  labelledBy: string;
  plans: readonly Plan[];
  now: number;
  empty: ReactNode;
  showDataset?: boolean;
}) {
  return (
    <ResultTable
      labelledBy={labelledBy}
      rows={plans.map((p) => ({ ...p, id: p.planId }))}
      empty={empty}
      columns={[
        {
          header: 'Plan',
          cell: (p) => (
            <Link to="/dataAdministration/plan/$planId" params={{ planId: p.planId }}>
              {p.plan}
            </Link>
          ),
        },
        showDataset && {
          header: 'Dataset',
          cell: (p) => (
            <Link to="/dataAdministration/dataset/$datasetId" params={{ datasetId: p.datasetId }}>
              {p.dataset}
            </Link>
          ),
        },
        // The dataset names the service (and the service filter narrows by it): one column fewer to scroll.
        { header: 'Territory', cell: (p) => territoryLabels[p.territory] },
        { header: 'First band', className: 'nowrap', cell: (p) => firstRate(p) },
        { header: 'Months', cell: (p) => p.duration },
        { header: 'Available', className: 'nowrap', cell: (p) => windowText(p) },
        { header: 'Status', cell: (p) => <PlanStatus plan={p} now={now} /> },
        { header: 'Subscriptions', cell: (p) => p.subscriptionCount },
      ]}
    />
  );
}

/** The datasets of the catalogue home. */
export function DatasetsTable({ labelledBy, datasets, empty }: { labelledBy: string; datasets: readonly Dataset[]; empty: ReactNode }) {
  return (
    <ResultTable
      labelledBy={labelledBy}
      rows={datasets.map((d) => ({ ...d, id: d.datasetId }))}
      empty={empty}
      columns={[
        {
          header: 'Dataset',
          cell: (d) => (
            <Link to="/dataAdministration/dataset/$datasetId" params={{ datasetId: d.datasetId }}>
              {d.dataset}
            </Link>
          ),
        },
        { header: 'Reference', cell: (d) => <code>{d.datasetRef}</code> },
        { header: 'Service', cell: (d) => dqServiceLabels[d.service] },
        { header: 'Plans', cell: (d) => d.planCount },
        { header: 'Updated', cell: (d) => formatDate(d.updatedDate) },
      ]}
    />
  );
}
