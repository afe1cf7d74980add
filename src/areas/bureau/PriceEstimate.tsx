import { estimateLines, priceScale, type PricedSettings, type Tariff } from '../../../contract/shared/bureauPrice';
import { formatMoney } from '../../../contract/shared/catalogue';
import { salesTax } from '../../../contract/shared/shop';
import type { Territory } from '../../../contract/shared/territory';
import type { FileSettings, SettingsOptions } from '../../../machines/bureauFileParts';
import { perUnit } from '../../shared/money';
import { formatCount } from '../../../contract/shared/numbers';

// The price of a file's results under the settings on the properties page, before the customer
// commits: one line per cost type the settings bring in (cleanse, PAF, dedupe, screening), each at
// the admin prices in force for the file's records. A line priced per matched record is a range (no
// record matched to every record matched) until the results say how many match.

/** The settings that decide the lines: PAF, a dedupe level, any suppression list not off. */
export function pricedSettingsOf(draft: FileSettings, options: Pick<SettingsOptions, 'dedupeLevels'>): PricedSettings {
  const level = options.dedupeLevels.find((d) => d.settingId === draft.dedupeSettingId)?.level ?? null;
  return { usePaf: draft.usePAF, dedupe: level !== null, screening: draft.suppression.some((s) => s.suppressSetting !== 'off') };
}

/** "£2.50 + 0.2p per record": what a cost type charges, in the customer's currency. */
export function tariffText(t: Tariff, territory: Territory): string {
  const parts = [
    t.basePrice > 0 ? formatMoney(t.basePrice, territory) : null,
    t.pricePerRecord > 0 ? `${perUnit(t.pricePerRecord / priceScale, territory)} per record` : null,
    t.pricePerMatch > 0 ? `${perUnit(t.pricePerMatch / priceScale, territory)} per matched record` : null,
  ].filter(Boolean);
  const minimum = t.minRecCount > 0 ? ` (at least ${formatCount(t.minRecCount)} records)` : '';
  return `${parts.join(' + ') || 'no charge'}${minimum}`;
}

const range = (least: number, most: number, territory: Territory) =>
  least === most ? formatMoney(least, territory) : `${formatMoney(least, territory)} to ${formatMoney(most, territory)}`;

export function PriceEstimate({ prices, settings }: { prices: SettingsOptions['prices']; settings: PricedSettings }) {
  const { territory, records } = prices;
  const lines = estimateLines(prices.prices, settings, records);
  const least = lines.reduce((n, l) => n + l.least, 0);
  const most = lines.reduce((n, l) => n + l.most, 0);
  const tax = salesTax[territory].name;
  return (
    <section className="bureau__estimate" aria-labelledby="estimate-title">
      <h2 id="estimate-title">Price of the results</h2>
      <p className="muted">
        For the {formatCount(records)} records of this file, before {tax}. Each setting above adds its line; a line charged per matched record
        depends on how many match, which the free test shows. You pay only when you buy the results.
      </p>
      <dl className="bureau__cost" aria-label="Price lines">
        {lines.map((l) => (
          <div key={l.costTypeId} className="bureau__cost-line">
            <dt>{l.name}</dt>
            <dd>{range(l.least, l.most, territory)}</dd>
          </div>
        ))}
        <div className="bureau__cost-total">
          <dt>Total before {tax}</dt>
          <dd data-testid="estimate-total">{range(least, most, territory)}</dd>
        </div>
      </dl>
    </section>
  );
}
