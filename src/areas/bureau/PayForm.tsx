import { useState, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { confirmActionMachine } from '../../../machines/confirmAction';
import type { FileCosts } from '../../../contract/bureau/entities';
import { formatMoney } from '../../../contract/shared/catalogue';
import type { Billing } from '../../../contract/shared/shop';
import type { PayDetails } from '../../../machines/bureauFileParts';
import { BillingFields, checkedBilling, type BillingPrefill, type BillingProblems } from '../../shared/BillingFields';
import { CostLines } from './CostLines';

// The cost of a file's results (GET /files/results/costs: net, VAT or GST, total) and the billing
// form the payment sends (POST /files/results/pay): the basket's billing fields, on the invoice.

/** The address fields the pay call's one address carries, a line each (the server reads them back by position). */
const addressLines = ['address1', 'address2', 'address3', 'address4', 'town', 'county', 'postcode'] as const satisfies readonly (keyof Billing)[];

/** The pay call's payer from the billing form: the address a line per field, the country apart. */
export const payDetailsOf = (b: Billing): PayDetails => ({
  name: b.name.trim(),
  email: b.email.trim(),
  companyName: b.company.trim(),
  companyAddress: addressLines.map((k) => b[k].trim()).join('\n'),
  country: b.country.trim(),
});

type Props = { costs: FileCosts; prefill: BillingPrefill; busy: boolean; onPay: (details: PayDetails) => void; onDiscard: () => void };

export function PayForm({ costs, prefill, busy, onPay, onDiscard }: Props) {
  const money = (n: number) => formatMoney(n, costs.territory);
  const [problems, setProblems] = useState<BillingProblems>({});
  // Discarding is asked first, then confirmed on the page (the confirmAction machine).
  const discard = useActorRef(confirmActionMachine.provide({ actors: { act: fromPromise(async (): Promise<unknown> => onDiscard()) } }));
  const asking = useSelector(discard, (x) => x.matches('confirming'));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const billing = checkedBilling(e.currentTarget, setProblems);
    if (billing) onPay(payDetailsOf(billing));
  };
  return (
    <form className="form bureau__pay" onSubmit={submit} aria-labelledby="pay-title" noValidate>
      <h2 id="pay-title">Buy the results</h2>
      <CostLines costs={costs} />
      <h3>Billing details</h3>
      <p className="muted">Printed on your invoice; the receipt goes to the email address.</p>
      <BillingFields prefill={prefill} problems={problems} />
      <div className="bureau__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Pay {money(costs.total)}
        </button>
        <button type="button" className="button" disabled={busy || asking} onClick={() => discard.send({ type: 'user.request' })}>
          Discard the results
        </button>
      </div>
      {asking ? (
        <div className="bureau__actions" role="group" aria-labelledby="discard-question">
          <span id="discard-question">Discard the results? You pay nothing; to have them again, run the results again.</span>
          <button type="button" className="button button--danger" autoFocus onClick={() => discard.send({ type: 'user.confirm' })}>
            Yes, discard the results
          </button>
          <button type="button" className="button" onClick={() => discard.send({ type: 'user.cancel' })}>
            Keep them
          </button>
        </div>
      ) : null}
    </form>
  );
}
