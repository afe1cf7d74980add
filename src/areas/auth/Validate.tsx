import type { FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { accountValidationMachine } from '../../../machines/accountValidation';
import { usePortal } from '../../app/PortalContext';
import { CodeField, formValues } from '../../shared/Field';

/** /validate: the code emailed at sign-up, with a resend (spec sections 2 and 4). */
export default function Validate() {
  const { session, users } = usePortal();
  const userName = useSelector(session, (s) => s.context.user.userName);
  const actor = useActorRef(
    accountValidationMachine.provide({
      actors: {
        submitCode: fromPromise(({ input }) => users.validate(input.code)),
        resendCode: fromPromise<unknown, void>(() => users.resendValidation()),
      },
      // The session fetches a token that says "validated"; the guards then open /home.
      actions: { notifyValidated: () => session.send({ type: 'user.validated' }) },
    }),
  );
  const state = useSelector(actor, (s) => s.value);
  const resent = useSelector(actor, (s) => s.context.resent);
  const busy = state !== 'editing';

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    actor.send({ type: 'user.submit', code: formValues(e.currentTarget).code.trim() });
  };

  return (
    <section className="card card--narrow" aria-labelledby="validate-title">
      <h1 id="validate-title">Validate your account</h1>
      <p>
        We sent a 6-digit code to <strong>{userName}</strong>. Enter it below to start using the portal.
      </p>
      <form onSubmit={submit} className="form" aria-busy={busy}>
        <CodeField label="Validation code" autoFocus hint="6 digits, valid for 24 hours." />
        <div className="form__row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {state === 'submitting' ? 'Validating…' : 'Validate'}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => actor.send({ type: 'user.resend' })}>
            {state === 'resending' ? 'Sending…' : 'Resend code'}
          </button>
        </div>
        <p role="status" className="muted">
          {resent ? 'A new code is on its way. Codes sent earlier no longer work.' : ''}
        </p>
      </form>
      <p className="muted">
        Wrong account?{' '}
        <button type="button" className="link-button" onClick={() => session.send({ type: 'user.logout' })}>
          Log out
        </button>
      </p>
    </section>
  );
}
