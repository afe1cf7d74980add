import { useRef, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { createSubmissionMachine } from '../../../machines/submission';
import { usePortal } from '../../app/PortalContext';
import { Field, formValues } from '../../shared/Field';
import { PasswordFields, passwordsMatch } from '../../shared/PasswordFields';

const changePassword = createSubmissionMachine<Record<string, string>>();

/** /user/updatePassword: the server checks the current password before setting the new one. */
export default function UpdatePassword() {
  const { users, session } = usePortal();
  const userName = useSelector(session, (s) => s.context.user.userName);
  const actor = useActorRef(
    changePassword.provide({
      actors: {
        submit: fromPromise(({ input }) => users.updatePassword(input.currentPassword, input.newPassword)),
      },
    }),
  );
  const state = useSelector(actor, (s) => String(s.value));
  const form = useRef<HTMLFormElement>(null);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!passwordsMatch(e.currentTarget, 'newPassword')) return;
    const values = formValues(e.currentTarget);
    actor.send({ type: 'user.submit', values });
  };

  return (
    <section className="card card--narrow" aria-labelledby="password-title">
      <h1 id="password-title">Change your password</h1>
      {state === 'succeeded' ? (
        <>
          <p role="status">Your password has been changed.</p>
          <div className="form__row">
            <Link to="/user" className="button button--primary">
              Back to my settings
            </Link>
            <button type="button" className="button" onClick={() => actor.send({ type: 'user.edit' })}>
              Change it again
            </button>
          </div>
        </>
      ) : (
        <form ref={form} onSubmit={submit} className="form" aria-busy={state === 'submitting'}>
          <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
          <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required autoFocus />
          <PasswordFields name="newPassword" label="New password" confirmLabel="Confirm new password" />
          <button type="submit" className="button button--primary" disabled={state === 'submitting'}>
            {state === 'submitting' ? 'Saving…' : 'Change password'}
          </button>
        </form>
      )}
    </section>
  );
}
