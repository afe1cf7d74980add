import { useState } from 'react';
import { formatMoney, priceOf, quantityProblem, type Calculator, type PriceTier } from '../../../contract/shared/catalogue';
import type { Territory } from '../../../contract/shared/territory';
import { formatCount } from '../../../contract/shared/numbers';

/**
 * "Price any click quantity": the shared priceOf over the plan's tiers and calculator, in the plan
 * territory's currency. With tiers that cannot price (`tiers` null), it says why instead.
 */
export function PriceCalculator({ id, calculator, tiers, territory, unpriced }: {
  id: string;
  calculator: Calculator;
  tiers: readonly PriceTier[] | null;
  territory: Territory;
  /** Shown while the tiers are not sound. */
  unpriced?: string;
}) {
  // The quantity being typed: what is asked about, not catalogue data.
  // It starts at 10,000 clicks, or at the plan's smallest quantity when that is more.
  const [text, setText] = useState(() => String(Math.max(10_000, tiers?.[0]?.fromClicks ?? 1)));
  const trimmed = text.trim().replaceAll(',', '');
  const clicks = /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  const problem = tiers ? quantityProblem(tiers, clicks) : (unpriced ?? 'These tiers cannot price a quantity yet.');
  const price = tiers && !problem ? priceOf(calculator, tiers, clicks) : null;

  return (
    <div className="calculator" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Price calculator</h3>
      <div className="calculator__row">
        <div className="field">
          <label htmlFor={`${id}-clicks`}>Clicks</label>
          <input id={`${id}-clicks`} inputMode="numeric" value={text} onChange={(e) => setText(e.target.value)} aria-describedby={`${id}-result`} />
        </div>
        <output id={`${id}-result`} htmlFor={`${id}-clicks`} className="calculator__result" aria-live="polite">
          {price !== null ? (
            <>
              <strong>{formatMoney(price, territory)}</strong> for {formatCount(clicks)} clicks
              <span className="muted"> ({formatMoney(Math.round((price * 1000) / clicks), territory)} per 1,000 on average)</span>
            </>
          ) : (
            <span className="muted">{problem}</span>
          )}
        </output>
      </div>
    </div>
  );
}
