import type { FileCosts } from '../../../contract/bureau/entities';
import { formatMoney } from '../../../contract/shared/catalogue';
import { salesTax } from '../../../contract/shared/shop';

// What a file's results cost, line by line (cleanse, PAF, dedupe, screening: one per admin cost that
// applies), then the price before tax, the VAT or GST and the total.

export function CostLines({ costs, totalLabel = 'Total' }: { costs: FileCosts; totalLabel?: string }) {
  const money = (n: number) => formatMoney(n, costs.territory);
  return (
    <dl className="bureau__cost" aria-label="Price lines">
      {costs.lines.map((line) => (
        <div key={line.costId} className="bureau__cost-line">
          <dt>{line.name}</dt>
          <dd>{money(line.amount)}</dd>
        </div>
      ))}
      <div className="bureau__cost-net">
        <dt>Price before {salesTax[costs.territory].name}</dt>
        <dd>{money(costs.net)}</dd>
      </div>
      <div>
        <dt>{salesTax[costs.territory].label}</dt>
        <dd>{money(costs.tax)}</dd>
      </div>
      <div className="bureau__cost-total">
        <dt>{totalLabel}</dt>
        <dd data-testid="results-total">{money(costs.total)}</dd>
      </div>
    </dl>
  );
}
