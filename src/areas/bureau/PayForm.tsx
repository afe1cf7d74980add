import type { FormEvent } from 'react';
import type { FileCosts } from '../../../contract/bureau/entities';
import { formatMoney } from '../../../contract/shared/catalogue';
import { salesTax, type Billing } from '../../../contract/shared/shop';
import type { PayDetails } from '../../../machines/bureauFileParts';
import { formatAddress } from '../../shared/AddressFields';
import { BillingFields, billingOf, type BillingPrefill } from '../../shared/BillingFields';
import { formValues } from '../../shared/Field';

// The cost of a file's results (GET /files/results/costs: net, VAT or GST, total) and the billing
// form the payment sends (POST /files/results/pay): the basket's billing fields, on the invoice.

/** The pay call's payer from the billing form: the address on one line, the country apart. */
export const payDetailsOf = (b: Billing): PayDetails => ({
  name: b.name.trim(),
  email: b.email.trim(),
  companyName: b.company.trim(),
  companyAddress: formatAddress({ ...b, country: null }),
  country: b.country.trim(),
});

type Props = { costs: FileCosts; prefill: BillingPrefill; busy: boolean; onPay: (details: PayDetails) => void; onDiscard: () => void };

export function PayForm({ costs, prefill, busy, onPay, onDiscard }: Props) {
  const money = (n: number) => formatMoney(n, costs.territory);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onPay(payDetailsOf(billingOf(formValues(e.currentTarget))));
  };
  return (
    <form className="form bureau__pay" onSubmit={submit} aria-labelledby="pay-title">
      <h2 id="pay-title">Buy the results</h2>
      <dl className="bureau__cost">
        <div>
          <dt>Price</dt>
          <dd>{money(costs.net)}</dd>
        </div>
        <div>
          <dt>{salesTax[costs.territory].label}</dt>
          <dd>{money(costs.tax)}</dd>
        </div>
        <div className="bureau__cost-total">
          <dt>Total</dt>
          <dd data-testid="results-total">{money(costs.total)}</dd>
        </div>
      </dl>
      <h3>Billing details</h3>
      <p className="muted">Printed on your invoice; the receipt goes to the email address.</p>
      <BillingFields prefill={prefill} />
      <div className="bureau__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Pay {money(costs.total)}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onDiscard}>
          Discard the results
        </button>
      </div>
    </form>
  );
}
