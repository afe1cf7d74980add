import { type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { territoryLabels } from '../../../contract/shared/territory';
import { createSubmissionMachine } from '../../../machines/submission';
import { usePortal } from '../../app/PortalContext';
import { botCheckToken, botCheckWidgetClass } from '../../app/botCheck';
import { Field, formValues } from '../../shared/Field';
import { PasswordFields, passwordsMatch } from '../../shared/PasswordFields';

// The register tab's form: it loads when the tab is first shown (or pointed at), not with the login page.

const register = createSubmissionMachine<Record<string, string>>();

export default function RegisterForm() {
  const { session, users, territory, config } = usePortal();
  const actor = useActorRef(
    register.provide({
      actors: {
        submit: fromPromise(({ input: v }) => {
          return users.signup(
            {
              email: v.email,
              password: v.password,
              personalName: v.personalName,
              companyName: v.companyName || undefined,
              country: territoryLabels[territory],
              territory,
            },
            v.token || undefined,
          );
        }),
      },
      actions: {
        // A new user is logged straight in; being unvalidated, the guards send them to /validate.
        succeeded: (_, { values }) =>
          session.send({
            type: 'user.login',
            credentials: { userName: values.email, password: values.password },
          }),
      },
    }),
  );
  const busy = useSelector(actor, (s) => s.matches('submitting'));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!passwordsMatch(e.currentTarget, 'password')) return;
    const values = formValues(e.currentTarget);
    actor.send({ type: 'user.submit', values: { ...values, token: botCheckToken(e.currentTarget) ?? '' } });
  };

  return (
    <form onSubmit={submit} aria-busy={busy} className="form">
      <Field label="Your name" name="personalName" autoComplete="name" required maxLength={100} autoFocus />
      <Field label="Email" name="email" type="email" autoComplete="email" required maxLength={254} />
      <Field label="Company (optional)" name="companyName" autoComplete="organization" maxLength={100} />
      <PasswordFields name="password" label="Password" confirmLabel="Confirm password" />
      {config.botCheckSiteKey && <div className={botCheckWidgetClass} data-sitekey={config.botCheckSiteKey} />}
      <p className="muted">Your account will be registered in {territoryLabels[territory]}. We email you a code to validate it.</p>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Registering…' : 'Register'}
      </button>
    </form>
  );
}
