import { useState } from 'react';
import { Link, useLoaderData, useNavigate, useRouter } from '@tanstack/react-router';
import { calculatorLabels, dqServiceLabels, formatMoney } from '../../../contract/shared/catalogue';
import { currencySymbols, territoryLabels } from '../../../contract/shared/territory';
import { formatDate } from '../../shared/format';
import { ResultTable } from '../../shared/ResultTable';
import { nowSeconds } from './catalogue';
import { DeleteControl } from '../../shared/DeleteControl';
import { useCatalogueApi } from './useCatalogueApi';
import { PlanStatus } from './PlansTable';
import { PriceCalculator } from './PriceCalculator';
import './dataAdministration.css';
import { formatCount } from '../../../contract/shared/numbers';

const byOrder = <T extends { displayOrder: number }>(rows: readonly T[]) => [...rows].sort((a, b) => a.displayOrder - b.displayOrder);

/** /dataAdministration/plan/{planId}: every field, the tiers with a calculator, filters and comparisons. */
export default function PlanView() {
  const { plan } = useLoaderData({ from: '/_signedIn/_validated/dataAdministration/plan/$planId' });
  const api = useCatalogueApi();
  const router = useRouter();
  const navigate = useNavigate();
  const [now] = useState(nowSeconds);
  const params = { planId: plan.planId };
  const subscribers = plan.subscriptionCount;

  return (
    <div className="catalogue">
      <section className="card" aria-labelledby="plan-title">
        <div className="card__header">
          <div>
            <h1 id="plan-title">{plan.plan}</h1>
            <p className="badges">
              <PlanStatus plan={plan} now={now} />
              <span className="badge badge--muted">{dqServiceLabels[plan.service]}</span>
              <span className="badge badge--muted">
                {territoryLabels[plan.territory]} ({currencySymbols[plan.territory]})
              </span>
            </p>
          </div>
          <div className="form__row">
            <Link to="/dataAdministration/plan/$planId/edit" params={params} className="button button--primary">
              Edit plan
            </Link>
          </div>
        </div>
        {plan.deprecated && (
          <p className="notice">
            Deprecated: no longer sold
            {plan.deprecatedByPlanId !== null && (
              <>
                {'; replaced by '}
                <Link to="/dataAdministration/plan/$planId" params={{ planId: plan.deprecatedByPlanId }}>
                  {plan.deprecatedByPlan ?? `plan ${plan.deprecatedByPlanId}`}
                </Link>
              </>
            )}
            . Existing subscriptions keep working.
          </p>
        )}
        <dl className="details">
          <dt>Plan id</dt>
          <dd>{plan.planId}</dd>
          <dt>Description</dt>
          <dd>{plan.description || '—'}</dd>
          <dt>Dataset</dt>
          <dd>
            <Link to="/dataAdministration/dataset/$datasetId" params={{ datasetId: plan.datasetId }}>
              {plan.dataset}
            </Link>{' '}
            (<code>{plan.datasetRef}</code>)
          </dd>
          <dt>Duration</dt>
          <dd>{plan.duration === 1 ? '1 month' : `${plan.duration} months`}</dd>
          <dt>Available from</dt>
          <dd>{formatDate(plan.availableStart)}</dd>
          <dt>Available until</dt>
          <dd>{plan.availableEnd === null ? 'No end date' : formatDate(plan.availableEnd)}</dd>
          <dt>Test clicks</dt>
          <dd>{plan.allowTest ? 'Allowed before buying' : 'Not allowed'}</dd>
          <dt>Display order</dt>
          <dd>{plan.displayOrder}</dd>
          <dt>Subscriptions</dt>
          <dd>{subscribers}</dd>
          <dt>Created</dt>
          <dd>{formatDate(plan.createdDate)}</dd>
          <dt>Last updated</dt>
          <dd>{formatDate(plan.updatedDate)}</dd>
        </dl>
      </section>

      <section className="card" aria-labelledby="pricing-title">
        <h2 id="pricing-title">Pricing</h2>
        <p>
          <strong>{calculatorLabels[plan.calculator]}.</strong>
        </p>
        <ResultTable
          labelledBy="pricing-title"
          rows={plan.pricing.map((t, i) => ({ ...t, id: i + 1 }))}
          empty="This plan has no price tiers."
          columns={[
            { header: 'Tier', cell: (t) => t.id },
            { header: 'From clicks', cell: (t) => formatCount(t.fromClicks) },
            { header: 'To clicks', cell: (t) => (t.toClicks === null ? 'No limit' : formatCount(t.toClicks)) },
            { header: 'Price per 1,000 clicks', cell: (t) => formatMoney(t.pricePer1000, plan.territory) },
          ]}
        />
        <p className="tiers__formula">
          <span className="muted">Formula: </span>
          {plan.formula}
        </p>
        <PriceCalculator id="plan-calculator" calculator={plan.calculator} tiers={plan.pricing} territory={plan.territory} />
      </section>

      <div className="catalogue__pair">
        <section className="card" aria-labelledby="filters-title">
          <div className="card__header">
            <h2 id="filters-title">Filters</h2>
            <Link to="/dataAdministration/plan/$planId/edit/filters" params={params}>
              Edit filters
            </Link>
          </div>
          <ResultTable
            labelledBy="filters-title"
            rows={byOrder(plan.planFilter).map((f) => ({ ...f, id: f.filterId }))}
            empty="No filters: the shop lists this plan under no category."
            columns={[
              { header: 'Category', cell: (f) => f.category },
              { header: 'Description', cell: (f) => f.description },
              { header: 'Order', cell: (f) => f.displayOrder },
            ]}
          />
        </section>
        <section className="card" aria-labelledby="comparisons-title">
          <div className="card__header">
            <h2 id="comparisons-title">Comparisons</h2>
            <Link to="/dataAdministration/plan/$planId/edit/comparisons" params={params}>
              Edit comparisons
            </Link>
          </div>
          <ResultTable
            labelledBy="comparisons-title"
            rows={byOrder(plan.planComparison).map((c) => ({ ...c, id: c.comparisonId }))}
            empty="No comparison lines: the shop's comparison shows nothing for this plan."
            columns={[
              { header: 'Description', cell: (c) => c.description },
              { header: 'Order', cell: (c) => c.displayOrder },
            ]}
          />
        </section>
      </div>

      <section className="card" aria-labelledby="plan-delete-title">
        <h2 id="plan-delete-title">Delete this plan</h2>
        <DeleteControl
          id="plan-delete"
          what="plan"
          name={plan.plan}
          blocked={
            subscribers > 0
              ? `${plan.plan} cannot be deleted while ${subscribers === 1 ? '1 account subscribes' : `${subscribers} accounts subscribe`} to it. Mark it deprecated by a newer plan instead: it stops being sold and its subscriptions keep working.`
              : null
          }
          act={() => api.deletePlan(plan.planId)}
          done={() => {
            void navigate({ to: '/dataAdministration' });
            void router.invalidate();
          }}
        />
      </section>
    </div>
  );
}
