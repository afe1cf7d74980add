import { useState, type FormEvent } from 'react';
import { currencySymbols } from '../../../../contract/shared/territory';
import { salesTax } from '../../../../contract/shared/shop';
import { FieldError } from '../../../shared/Field';
import { majorUnitsText } from '../../../shared/money';
import type { PaymentDetails } from '../../../api/shop';
import { capUse, parseCap } from '../../../shared/billing/billingText';

type Props = {
  details: PaymentDetails;
  busy: boolean;
  /** The cap in minor units, or null for none. */
  onSave: (cap: number | null) => void;
};

/**
 * The most a calendar month's automatic renewals may cost (tax included). A renewal that would pass
 * it is not made, and the owners and payment users are emailed instead.
 */
export function MonthlyCap({ details, busy, onSave }: Props) {
  const { territory } = details;
  const [capped, setCapped] = useState(details.monthlyCap !== null);
  const [amount, setAmount] = useState(details.monthlyCap === null ? '' : majorUnitsText(details.monthlyCap));
  const [problem, setProblem] = useState<string | null>(null);
  const use = capUse(details);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!capped) {
      setProblem(null);
      onSave(null);
      return;
    }
    const parsed = parseCap(amount, territory);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    onSave(parsed.cap);
  };

  return (
    <section className="billing__part" aria-labelledby="billing-cap-title">
      <h3 id="billing-cap-title">Monthly cap on automatic renewals</h3>
      <div className="billing__meter">
        {use.percent !== null && (
          <div className={`usage__bar${use.percent >= 100 ? ' usage__bar--full' : ''}`} aria-hidden="true">
            <span style={{ width: `${use.percent}%` }} />
          </div>
        )}
        <p data-testid="cap-use">{use.text}</p>
      </div>
      <form className="billing__cap-form" onSubmit={submit} aria-busy={busy} noValidate>
        <fieldset className="billing__choices">
          <legend className="sr-only">Monthly cap</legend>
          <label className="checkbox">
            <input type="radio" name="capped" checked={!capped} onChange={() => setCapped(false)} />
            No cap
          </label>
          <label className="checkbox">
            <input type="radio" name="capped" checked={capped} onChange={() => setCapped(true)} />
            At most, each calendar month
          </label>
        </fieldset>
        <div className="field billing__amount">
          <label htmlFor="field-cap">Cap ({salesTax[territory].name} included)</label>
          <span className="billing__money">
            <span aria-hidden="true">{currencySymbols[territory]}</span>
            <input
              id="field-cap"
              name="cap"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              disabled={!capped}
              onChange={(e) => setAmount(e.currentTarget.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'field-cap-hint cap-error' : 'field-cap-hint'}
            />
          </span>
          <small id="field-cap-hint" className="field__hint">
            In {territory === 'uk' ? 'pounds, such as 250.00' : 'Australian dollars, such as 250.00'}. A renewal that would pass it is not made; you are emailed instead.
          </small>
        </div>
        <FieldError id="cap-error" text={problem} />
        <div>
          <button type="submit" className="button" disabled={busy}>
            Save cap
          </button>
        </div>
      </form>
    </section>
  );
}
