import { useRef, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { territoryLabels } from '../../../contract/shared/territory';
import { createSubmissionMachine } from '../../../machines/submission';
import { usePortal } from '../../app/PortalContext';
import { botCheckToken, botCheckWidgetClass } from '../../app/botCheck';
import { Field, formValues, PasswordFields, passwordsMatch } from '../../shared/Field';

const tabs = [
  { path: '/login', label: 'Log in' },
  { path: '/register', label: 'Register' },
] as const;

/** /login and /register in one tabbed panel (spec section 2). */
export default function LoginRegister() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = location.pathname.endsWith('/register') ? '/register' : '/login';
  const refs = useRef<Record<string, HTMLAnchorElement | null>>({});

  // Arrow keys move between tabs, as in any tab list.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const next = current === '/login' ? '/register' : '/login';
    void navigate({ to: next, search: location.search }).then(() => refs.current[next]?.focus());
  };

  return (
    <div>
      {/* The page's heading for screen readers: the tabs say the same to sighted users. */}
      <h1 className="sr-only">{current === '/login' ? 'Log in' : 'Register'}</h1>
      <div role="tablist" aria-label="Log in or register" className="tabs" onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <Link
            key={t.path}
            ref={(el) => {
              refs.current[t.path] = el;
            }}
            to={t.path}
            search={location.search}
            role="tab"
            id={`tab-${t.path.slice(1)}`}
            aria-selected={current === t.path}
            aria-controls="auth-panel"
            tabIndex={current === t.path ? 0 : -1}
            className={current === t.path ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
          >
            {t.label}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id="auth-panel" aria-labelledby={`tab-${current.slice(1)}`}>
        {current === '/login' ? <LoginForm /> : <RegisterForm />}
      </div>
    </div>
  );
}

function LoginForm() {
  const { session, config } = usePortal();
  const busy = useSelector(session, (s) => s.matches('loggingIn'));
  const location = useLocation();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { userName, password } = formValues(e.currentTarget);
    session.send({
      type: 'user.login',
      credentials: { userName: userName.trim(), password, token: botCheckToken(e.currentTarget) },
    });
  };

  return (
    <form onSubmit={submit} aria-busy={busy} className="form">
      <Field label="Email" name="userName" type="email" autoComplete="username" required autoFocus />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      {config.botCheckSiteKey && <div className={botCheckWidgetClass} data-sitekey={config.botCheckSiteKey} />}
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Logging in…' : 'Log in'}
      </button>
      <p className="form__aside">
        <Link to="/resetpassword" search={location.search}>
          Forgotten your password?
        </Link>
      </p>
    </form>
  );
}

const register = createSubmissionMachine<Record<string, string>>();

function RegisterForm() {
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
