import { formulaOf, type Calculator } from '../../../contract/shared/catalogue';
import { currencySymbols, type Territory } from '../../../contract/shared/territory';
import { PriceCalculator } from './PriceCalculator';
import { readTiers, withRowAdded, type TierDraft } from './tiers';

/**
 * The plan form's price tiers: one row per band of clicks with its price per 1,000 clicks typed in
 * pounds or dollars. What is wrong shows as it is typed; while the rows are sound, the formula and the
 * calculator preview what the plan will charge.
 */
export function TiersEditor({ drafts, onChange, calculator, territory, showProblem }: {
  drafts: readonly TierDraft[];
  onChange: (drafts: TierDraft[]) => void;
  calculator: Calculator;
  territory: Territory;
  /** Once the user has typed in a row or tried to save: a blank new form is not an error yet. */
  showProblem: boolean;
}) {
  const read = readTiers(drafts);
  const symbol = currencySymbols[territory];
  const change = (key: number, part: Partial<TierDraft>) => onChange(drafts.map((d) => (d.key === key ? { ...d, ...part } : d)));
  const problem = showProblem ? read.problem : null;

  return (
    <fieldset className="fieldset tiers field--wide" aria-describedby="tiers-hint tiers-problem">
      <legend>Pricing tiers</legend>
      <p id="tiers-hint" className="field__hint">
        Bands of clicks, from the first to the last with no gap or overlap; leave the last band's “To” blank for no upper limit.
        Prices are per 1,000 clicks in {symbol}, with up to 2 decimals.
      </p>
      <div className="table-scroll" role="region" aria-label="Pricing tiers" tabIndex={0}>
        <table className="table tiers__table">
          <thead>
            <tr>
              <th scope="col">Tier</th>
              <th scope="col">From clicks</th>
              <th scope="col">To clicks</th>
              <th scope="col">Price per 1,000 clicks ({symbol})</th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {drafts.map((d, i) => (
              <tr key={d.key}>
                <th scope="row">{i + 1}</th>
                <td>
                  {/* The first row's first input is where the form sends focus when the tiers have a problem. */}
                  <input
                    id={i === 0 ? 'field-pricing' : undefined}
                    aria-label={`Tier ${i + 1} from clicks`}
                    inputMode="numeric"
                    value={d.from}
                    onChange={(e) => change(d.key, { from: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Tier ${i + 1} to clicks`}
                    inputMode="numeric"
                    placeholder="No limit"
                    value={d.to}
                    onChange={(e) => change(d.key, { to: e.target.value })}
                  />
                </td>
                <td>
                  <span className="money-input">
                    <span aria-hidden="true">{symbol}</span>
                    <input
                      aria-label={`Tier ${i + 1} price per 1,000 clicks in ${symbol}`}
                      inputMode="decimal"
                      value={d.price}
                      onChange={(e) => change(d.key, { price: e.target.value })}
                    />
                  </span>
                </td>
                <td>
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`Remove tier ${i + 1}`}
                    disabled={drafts.length === 1}
                    onClick={() => onChange(drafts.filter((o) => o.key !== d.key))}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form__row">
        <button type="button" className="button button--small" onClick={() => onChange(withRowAdded(drafts))} disabled={drafts.length >= 20}>
          Add tier
        </button>
      </div>
      <p id="tiers-problem" className={problem ? 'field-error' : 'sr-only'} role="status" aria-live="polite">
        {problem ?? (read.problem ? '' : 'The tiers price every quantity.')}
      </p>
      {read.tiers && <p className="tiers__formula">{formulaOf(calculator, read.tiers, territory)}</p>}
      <PriceCalculator id="tiers-calculator" calculator={calculator} tiers={read.tiers} territory={territory} unpriced="The calculator prices once the tiers above are sound." />
    </fieldset>
  );
}
