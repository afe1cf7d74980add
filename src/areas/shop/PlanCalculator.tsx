import { useState } from 'react';
import type { Plan } from '../../../contract/plans/entities';
import { formatMoney, priceOf, quantityProblem } from '../../../contract/shared/catalogue';
import { orderTotals, salesTax } from '../../../contract/shared/shop';
import type { Territory } from '../../../contract/shared/territory';
import { FieldError } from '../../shared/Field';
import { formatCount } from '../../../contract/shared/numbers';

// The price calculator of one plan: a quantity of clicks -> its net price (priceOf, the same function
// the server prices the order with), the tax (orderTotals) and the total, beside the plan's tiers.

export const clicksText = formatCount;

/** Parses a typed quantity ("10,000" too); NaN when it is not a number. */
export const clicksOf = (text: string) => (text.trim() === '' ? NaN : Number(text.replace(/[,\s]/g, '')));

export function TierTable({ plan, territory }: { plan: Plan; territory: Territory }) {
  return (
    <table className="table shop-tiers">
      <caption className="sr-only">Prices of {plan.plan}</caption>
      <thead>
        <tr>
          <th scope="col">Clicks</th>
          <th scope="col">Per 1,000 clicks</th>
        </tr>
      </thead>
      <tbody>
        {plan.pricing.map((t) => (
          <tr key={t.fromClicks}>
            <td>{t.toClicks === null ? `${clicksText(t.fromClicks)} or more` : `${clicksText(t.fromClicks)} to ${clicksText(t.toClicks)}`}</td>
            <td>{formatMoney(t.pricePer1000, territory)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PlanCalculator({ plan, territory, onAdd }: { plan: Plan; territory: Territory; onAdd: (clicks: number) => void }) {
  const [text, setText] = useState(String(plan.pricing[0]?.fromClicks ?? 1000));
  const clicks = clicksOf(text);
  const problem = quantityProblem(plan.pricing, clicks);
  const net = problem ? null : priceOf(plan.calculator, plan.pricing, clicks);
  const totals = net === null ? null : orderTotals([net], territory);
  const id = `plan-${plan.planId}-clicks`;
  return (
    <form
      className="shop-calculator"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) onAdd(clicks);
      }}
    >
      <div className="field">
        <label htmlFor={id}>Clicks</label>
        <input
          id={id}
          inputMode="numeric"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : `${id}-price`}
        />
        <FieldError id={`${id}-error`} text={problem} />
      </div>
      <dl className="shop-price" id={`${id}-price`} aria-live="polite">
        <div>
          <dt>Price</dt>
          <dd data-testid="plan-net">{totals ? formatMoney(totals.net, territory) : '–'}</dd>
        </div>
        <div>
          <dt>{salesTax[territory].label}</dt>
          <dd>{totals ? formatMoney(totals.tax, territory) : '–'}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd data-testid="plan-total">{totals ? formatMoney(totals.total, territory) : '–'}</dd>
        </div>
      </dl>
      <button type="submit" className="button button--primary" disabled={problem !== null}>
        Add to basket
      </button>
    </form>
  );
}
