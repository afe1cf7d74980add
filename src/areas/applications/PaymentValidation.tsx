import type { FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { BankResult } from '../../../contract/bank/entities';
import { createSubmissionMachine } from '../../../machines/submission';
import { bankApi } from '../../api/bank';
import { usePortal } from '../../app/PortalContext';
import { Field, formValues } from '../../shared/Field';
import { bankVerdict } from './paymentValidation';
import './paymentValidation.css';
import { formatCount } from '../../../contract/shared/numbers';

const check = createSubmissionMachine<Record<string, string>, BankResult>();
const count = formatCount;

/**
 * /applications/paymentvalidation: a UK sort code and account number checked with the Vocalink
 * modulus rules. The page calls the JSON twin of the SOAP service (POST /validate of the bank
 * service) with a service JWT: the same engine and meter, without the SOAP credential, which a page
 * cannot keep secret. Every check takes a click; a refusal (no clicks left: 402) shows the meter's
 * words here rather than the Error modal.
 */
export default function PaymentValidation() {
  const { api, groups } = usePortal();
  const account = useSelector(groups, (g) => g.context.selection.account);
  const actor = useActorRef(
    check.provide({
      actors: {
        submit: fromPromise(async ({ input }) =>
          bankApi(api, account!.id).validate({ sortCode: input.sortCode ?? '', accountNumber: input.accountNumber ?? '', dataset: 'BANK-UK' }),
        ),
      },
    }),
  );
  const state = useSelector(actor, (s) => String(s.value));
  const { result, error } = useSelector(actor, (s) => s.context);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Another check after an answer: back to editing, then send (the submission statechart's path).
    if (state === 'succeeded') actor.send({ type: 'user.edit' });
    actor.send({ type: 'user.submit', values: formValues(e.currentTarget) });
  };
  const verdict = state === 'succeeded' && result ? bankVerdict(result) : null;

  return (
    <div className="application">
      <section className="card card--narrow" aria-labelledby="payment-title">
        <h1 id="payment-title">Payment Validation</h1>
        <p className="muted">
          Check that a UK account number fits its sort code with the Vocalink modulus rules. Each check uses one click of {account?.name ?? 'the account'}’s Bank
          code validation subscription.
        </p>
        <form className="form" onSubmit={submit} aria-busy={state === 'submitting'}>
          <Field label="Sort code" name="sortCode" inputMode="numeric" autoComplete="off" placeholder="08-99-99" maxLength={20} required hint="6 digits; spaces and dashes are fine" />
          <Field label="Account number" name="accountNumber" inputMode="numeric" autoComplete="off" placeholder="66374958" maxLength={20} required hint="6 to 10 digits" />
          <button type="submit" className="button button--primary" disabled={state === 'submitting'}>
            {state === 'submitting' ? 'Checking…' : 'Check account'}
          </button>
        </form>
      </section>
      <section className="card card--narrow" aria-labelledby="payment-result-title" aria-live="polite">
        <h2 id="payment-result-title">Result</h2>
        {state === 'failed' && error ? (
          <p className="application__verdict application__verdict--bad" role="alert">
            {error}
          </p>
        ) : verdict && result ? (
          <>
            <p className={`application__verdict application__verdict--${verdict.tone}`} role="status">
              {verdict.headline}
            </p>
            <ul className="application__reasons">
              {result.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            {result.tableVersion ? <p className="muted">Vocalink modulus table version {result.tableVersion}.</p> : null}
            <p>
              Clicks left: <strong data-testid="clicks-left">{count(result.clicksLeft)}</strong>
            </p>
          </>
        ) : (
          <p className="muted">{state === 'submitting' ? 'Checking…' : 'Enter a sort code and an account number.'}</p>
        )}
      </section>
    </div>
  );
}
