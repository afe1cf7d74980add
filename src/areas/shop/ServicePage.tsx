import { useState } from 'react';
import { Link, useLoaderData } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Plan } from '../../../contract/plans/entities';
import { dqServiceLabels } from '../../../contract/shared/catalogue';
import type { Territory } from '../../../contract/shared/territory';
import { useBasket } from '../../shared/useBasket';
import { clicksText, PlanCalculator, TierTable } from './PlanCalculator';
import { noticeText, plansOfPage, shopPages, type ShopPageKey } from './shopPages';
import type { ShopData } from './load';
import './shop.css';

// A service's page of the shop (/shop/addresslookup, /shop/paymentValidation, /shop/emailValidation,
// /shop/nameValidation): the territory's plans with their filters (categories as toggle chips), a
// side-by-side comparison, and a price calculator per plan that adds clicks to the basket.

type Chip = { category: string; description: string };
const chipKey = (c: Chip) => `${c.category}: ${c.description}`;

function Filters({ chips, chosen, onToggle }: { chips: Chip[]; chosen: Set<string>; onToggle: (key: string) => void }) {
  const categories = [...new Set(chips.map((c) => c.category))];
  if (chips.length === 0) return null;
  return (
    <div className="shop-filters" role="group" aria-label="Filter the plans">
      {categories.map((category) => (
        <div key={category} className="shop-filters__group">
          <span className="shop-filters__category">{category}</span>
          {chips
            .filter((c) => c.category === category)
            .map((c) => (
              <button key={chipKey(c)} type="button" className="chip" aria-pressed={chosen.has(chipKey(c))} onClick={() => onToggle(chipKey(c))}>
                {c.description}
              </button>
            ))}
        </div>
      ))}
    </div>
  );
}

export function Comparison({ plans }: { plans: Plan[] }) {
  const rows = [...new Set(plans.flatMap((p) => [...p.planComparison].sort((a, b) => a.displayOrder - b.displayOrder).map((c) => c.description)))];
  if (plans.length === 0 || rows.length === 0) return null;
  return (
    <section aria-labelledby="shop-compare-title" className="card">
      <h2 id="shop-compare-title">Compare the plans</h2>
      {/* Focusable so a keyboard can scroll it sideways on a narrow screen. */}
      <div className="table-scroll shop-compare" tabIndex={0} role="region" aria-label="Plans side by side">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">What you get</th>
              {plans.map((p) => (
                <th scope="col" key={p.planId}>
                  {p.plan}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row}>
                <th scope="row">{row}</th>
                {plans.map((p) => (
                  <td key={p.planId}>{p.planComparison.some((c) => c.description === row) ? <span aria-label="Included">✓</span> : <span aria-label="Not included">–</span>}</td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">Clicks last</th>
              {plans.map((p) => (
                <td key={p.planId}>{p.duration} months</td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PlanCard({ plan, territory, onAdd }: { plan: Plan; territory: Territory; onAdd: (clicks: number) => void }) {
  return (
    <article className="card shop-plan" aria-labelledby={`plan-${plan.planId}-title`}>
      <h3 id={`plan-${plan.planId}-title`}>{plan.plan}</h3>
      <p className="muted">
        {dqServiceLabels[plan.service]} · clicks last {plan.duration} months
      </p>
      {plan.description && <p>{plan.description}</p>}
      <div className="shop-plan__body">
        <TierTable plan={plan} territory={territory} />
        <PlanCalculator plan={plan} territory={territory} onAdd={onAdd} />
      </div>
    </article>
  );
}

export function ServicePage({ page, data }: { page: ShopPageKey; data: ShopData }) {
  const { account, plans: all } = data;
  const plans = plansOfPage(all, page);
  const basket = useBasket();
  const notice = useSelector(basket ?? undefined, (s) => s?.context.notice ?? null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [added, setAdded] = useState<string | null>(null);
  const chips = [...new Map(plans.flatMap((p) => p.planFilter).map((f) => [chipKey(f), { category: f.category, description: f.description }])).values()];
  const shown = chosen.size === 0 ? plans : plans.filter((p) => [...chosen].every((k) => p.planFilter.some((f) => chipKey(f) === k)));
  const toggle = (key: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const add = (plan: Plan, clicks: number) => {
    basket?.send({ type: 'user.add', item: { datasetId: plan.datasetId, planId: plan.planId, clicks } });
    setAdded(`${clicksText(clicks)} clicks of ${plan.plan} added to your basket.`);
  };
  const planName = (id: number) => all.find((p) => p.planId === id)?.plan ?? `Plan ${id}`;
  const said = notice && (notice.kind === 'merged' || notice.kind === 'full') ? noticeText(notice, planName) : added;
  return (
    <div className="shop">
      <h1>{shopPages[page].title}</h1>
      <p className="muted">{shopPages[page].blurb} Prices are for {account.name}, before {account.territory === 'uk' ? 'VAT' : 'GST'}.</p>
      <p className="status-line shop-status" role="status" aria-live="polite">
        {said}
        {said && (
          <>
            {' '}
            <Link to="/shop/basket">Go to your basket</Link>
          </>
        )}
      </p>
      {plans.length === 0 ? (
        <div className="empty-state">
          <p>No {shopPages[page].title} plans are on sale in your territory just now.</p>
          <Link to="/shop">Back to the shop</Link>
        </div>
      ) : (
        <>
          <Filters chips={chips} chosen={chosen} onToggle={toggle} />
          <Comparison plans={shown} />
          <h2 className="shop-plans__title">Plans</h2>
          {shown.length === 0 && <p>No plan has every filter you chose.</p>}
          <div className="shop-plans" id="shop-plans">
            {shown.map((p) => (
              <PlanCard key={p.planId} plan={p} territory={account.territory} onAdd={(clicks) => add(p, clicks)} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** The shop's four service pages, each reading its own route's loader data. */
export function AddressLookupShop() {
  return <ServicePage page="addresslookup" data={useLoaderData({ from: '/_signedIn/_validated/shop/addresslookup' })} />;
}

export function PaymentValidationShop() {
  return <ServicePage page="paymentValidation" data={useLoaderData({ from: '/_signedIn/_validated/shop/paymentValidation' })} />;
}

export function EmailValidationShop() {
  return <ServicePage page="emailValidation" data={useLoaderData({ from: '/_signedIn/_validated/shop/emailValidation' })} />;
}

export function NameValidationShop() {
  return <ServicePage page="nameValidation" data={useLoaderData({ from: '/_signedIn/_validated/shop/nameValidation' })} />;
}
