import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Plan } from '../../../contract/plans/entities';
import { formatMoney, priceOf, quantityProblem } from '../../../contract/shared/catalogue';
import { orderTotals, salesTax } from '../../../contract/shared/shop';
import type { Territory } from '../../../contract/shared/territory';
import type { BasketItem } from '../../../machines/basket';
import type { BasketActor } from '../../app/baskets';
import { BillingFields, billingOf } from '../../shared/BillingFields';
import { FieldError, formValues } from '../../shared/Field';
import { PageTour } from '../../shared/helptips/PageTour';
import { basketTour, shopTourTargets } from '../../shared/helptips/tours/shop';
import { useBasket } from '../../shared/useBasket';
import { clicksOf, clicksText } from './PlanCalculator';
import { emptyBasketText, noticeText } from './shopPages';
import './shop.css';

// /shop/basket: the account's basket (kept locally, sorted by plan then clicks), each line priced
// from the catalogue as the server will price it, the totals with VAT or GST, the billing form, and
// Checkout, which sends the browser to the gateway's payment page. Coming back declined or cancelled
// (?orderId=..&payment=declined|cancelled) says so; the basket is unchanged.

const noItems: BasketItem[] = [];

const lineProblem = (plan: Plan | undefined, clicks: number) => (plan ? quantityProblem(plan.pricing, clicks) : 'This plan is no longer sold: remove it');

type RowProps = { item: BasketItem; plan: Plan | undefined; territory: Territory; basket: BasketActor; busy: boolean; text: string; onText: (text: string) => void };

function ItemRow({ item, plan, territory, basket, busy, text, onText }: RowProps) {
  const typed = clicksOf(text);
  const problem = lineProblem(plan, typed);
  const id = `basket-${item.planId}-clicks`;
  const name = plan?.plan ?? `Plan ${item.planId}`;
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>
        <label htmlFor={id} className="sr-only">
          Clicks of {name}
        </label>
        <input
          id={id}
          className="basket__clicks"
          inputMode="numeric"
          value={text}
          disabled={busy}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => {
            onText(e.target.value);
            const clicks = clicksOf(e.target.value);
            if (!lineProblem(plan, clicks) && clicks !== item.clicks) basket.send({ type: 'user.setClicks', planId: item.planId, clicks });
          }}
        />
        <FieldError id={`${id}-error`} text={problem} />
      </td>
      <td className="basket__money">{plan && !problem ? formatMoney(priceOf(plan.calculator, plan.pricing, typed), territory) : '–'}</td>
      <td>
        <button type="button" className="button button--small" disabled={busy} onClick={() => basket.send({ type: 'user.remove', planId: item.planId })} aria-label={`Remove ${name}`}>
          Remove
        </button>
      </td>
    </tr>
  );
}

export default function BasketPage() {
  const { account, plans, prefill } = useLoaderData({ from: '/_signedIn/_validated/shop/basket' });
  const search = useSearch({ from: '/_signedIn/_validated/shop/basket' });
  const navigate = useNavigate();
  // What is typed in each line's clicks (by plan); a quantity that cannot be bought stays here, not in the basket.
  const [typed, setTyped] = useState<Record<number, string>>({});
  const basket = useBasket();
  const items = useSelector(basket ?? undefined, (s) => s?.context.items ?? noItems);
  const notice = useSelector(basket ?? undefined, (s) => s?.context.notice ?? null);
  const error = useSelector(basket ?? undefined, (s) => s?.context.error ?? null);
  const busy = useSelector(basket ?? undefined, (s) => Boolean(s && (s.matches('submitting') || s.matches('redirecting'))));

  // The gateway sent the browser back unpaid: say so once, and drop the query so a reload does not.
  useEffect(() => {
    if (!basket || !search.orderId || !search.payment) return;
    basket.send({ type: search.payment === 'declined' ? 'gateway.declined' : 'gateway.cancelled', orderId: search.orderId });
    void navigate({ to: '/shop/basket', search: {}, replace: true });
  }, [basket, search.orderId, search.payment, navigate]);

  if (!basket) return null;
  const territory = account.territory;
  const planOf = (id: number) => plans.find((p) => p.planId === id);
  const textOf = (i: BasketItem) => typed[i.planId] ?? clicksText(i.clicks);
  const problems = items.map((i) => lineProblem(planOf(i.planId), i.clicks) ?? lineProblem(planOf(i.planId), clicksOf(textOf(i))));
  const prices = items.map((i, n) => (problems[n] ? 0 : priceOf(planOf(i.planId)!.calculator, planOf(i.planId)!.pricing, i.clicks)));
  const totals = orderTotals(prices, territory);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    basket.send({ type: 'user.checkout', billing: billingOf(formValues(e.currentTarget)) });
  };
  const declined = notice && (notice.kind === 'declined' || notice.kind === 'cancelled');

  return (
    <div className="shop basket">
      <h1>Basket</h1>
      <p className="muted">Kept in this browser for {account.name} until you check out.</p>
      {notice && (
        <div className={declined ? 'alert basket__notice' : 'status-block basket__notice'} role={declined ? 'alert' : 'status'}>
          <span>{noticeText(notice, (id) => planOf(id)?.plan ?? `Plan ${id}`)}</span>{' '}
          <button type="button" className="link-button" onClick={() => basket.send({ type: 'user.dismiss' })}>
            Dismiss
          </button>
        </div>
      )}
      {items.length === 0 ? (
        <div className="empty-state">
          <p>{emptyBasketText}</p>
          <Link to="/shop">Go to the shop</Link>
        </div>
      ) : (
        <>
          <section className="card" aria-labelledby="basket-items-title" id={shopTourTargets.items}>
            <h2 id="basket-items-title">Items</h2>
            <div className="table-scroll">
              <table className="table basket__table">
                <thead>
                  <tr>
                    <th scope="col">Plan</th>
                    <th scope="col">Clicks</th>
                    <th scope="col" className="basket__money">Price</th>
                    <th scope="col">
                      <span className="sr-only">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((i) => (
                    <ItemRow
                      key={i.planId}
                      item={i}
                      plan={planOf(i.planId)}
                      territory={territory}
                      basket={basket}
                      busy={busy}
                      text={textOf(i)}
                      onText={(text) => setTyped((t) => ({ ...t, [i.planId]: text }))}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="basket__totals" data-testid="basket-totals">
              <div>
                <dt>Net</dt>
                <dd>{formatMoney(totals.net, territory)}</dd>
              </div>
              <div>
                <dt>{salesTax[territory].label}</dt>
                <dd>{formatMoney(totals.tax, territory)}</dd>
              </div>
              <div className="basket__total">
                <dt>Total</dt>
                <dd data-testid="basket-total">{formatMoney(totals.total, territory)}</dd>
              </div>
            </dl>
            <button type="button" className="link-button" disabled={busy} onClick={() => basket.send({ type: 'user.clear' })}>
              Empty the basket
            </button>
          </section>
          <form className="card form basket__billing" onSubmit={submit} aria-labelledby="basket-billing-title" id={shopTourTargets.billing}>
            <h2 id="basket-billing-title">Billing details</h2>
            <p className="muted">Printed on your invoice; the receipt goes to the email address.</p>
            <BillingFields prefill={prefill} />
            <FieldError id="basket-error" text={error} />
            <button type="submit" className="button button--primary" disabled={busy || problems.some(Boolean)}>
              {busy ? 'Taking you to the payment page…' : `Checkout ${formatMoney(totals.total, territory)}`}
            </button>
          </form>
          <PageTour tour={basketTour} />
        </>
      )}
    </div>
  );
}
