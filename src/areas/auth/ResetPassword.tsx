import type { FormEvent } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { passwordResetMachine } from '../../../machines/passwordReset';
import { usePortal } from '../../app/PortalContext';
import { Field, formValues } from '../../shared/Field';
import { PasswordFields, passwordsMatch } from '../../shared/PasswordFields';


/** /resetpassword: request a code for a user id, then set a new password with it (spec section 4). */
export default function ResetPassword() {
  const { users } = usePortal();
  const search = useSearch({ from: '/_open/resetpassword' });
  const actor = useActorRef(
    passwordResetMachine.provide({
      actors: {
        requestCode: fromPromise(({ input }) => users.requestReset(input.userId)),
        resetPassword: fromPromise(({ input }) => users.resetPassword(input)),
      },
    }),
    { input: { userId: search.userId } },
  );
  const state = useSelector(actor, (s) => String(s.value));
  const userId = useSelector(actor, (s) => s.context.userId);

  if (state === 'done') {
    return (
      <section aria-labelledby="reset-title">
        <h1 id="reset-title">Password changed</h1>
        <p role="status">Your password has been changed. You can log in with it now.</p>
        <Link to="/login" className="button button--primary button--block">
          Log in
        </Link>
      </section>
    );
  }

  if (state === 'requesting' || state === 'sendingCode') {
    const request = (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      actor.send({ type: 'user.requestCode', userId: formValues(e.currentTarget).userId.trim() });
    };
    return (
      <section aria-labelledby="reset-title">
        <h1 id="reset-title">Reset your password</h1>
        <p className="muted">Enter the email you log in with. We will email you a code to set a new password.</p>
        <form onSubmit={request} className="form" aria-busy={state === 'sendingCode'}>
          <Field label="Email" name="userId" type="email" autoComplete="username" required autoFocus defaultValue={userId} />
          <button type="submit" className="button button--primary button--block" disabled={state === 'sendingCode'}>
            {state === 'sendingCode' ? 'Sending…' : 'Send code'}
          </button>
        </form>
        <p className="form__aside">
          <Link to="/login">Back to log in</Link>
        </p>
      </section>
    );
  }

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!passwordsMatch(e.currentTarget, 'password')) return;
    const values = formValues(e.currentTarget);
    actor.send({ type: 'user.submit', code: values.code.trim(), password: values.password });
  };
  const busy = state === 'resetting';
  return (
    <section aria-labelledby="reset-title">
      <h1 id="reset-title">Set a new password</h1>
      <p role="status" className="muted">
        If <strong>{userId}</strong> has an account, a code is on its way to it.
      </p>
      <form onSubmit={submit} className="form" aria-busy={busy}>
        <Field label="Reset code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required autoFocus />
        <PasswordFields name="password" label="New password" confirmLabel="Confirm new password" />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Saving…' : 'Set new password'}
        </button>
      </form>
      <div className="form__row form__aside">
        <button type="button" className="link-button" onClick={() => actor.send({ type: 'user.resend' })}>
          Send another code
        </button>
        <button type="button" className="link-button" onClick={() => actor.send({ type: 'user.startOver' })}>
          Use another email
        </button>
      </div>
    </section>
  );
}
