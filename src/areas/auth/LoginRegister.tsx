import { lazy, Suspense, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { usePortal } from '../../app/PortalContext';
import { botCheckToken, botCheckWidgetClass } from '../../app/botCheck';
import { Field, formValues } from '../../shared/Field';
import { Spinner } from '../../shared/Spinner';

const loadRegisterForm = () => import('./RegisterForm');
const RegisterForm = lazy(loadRegisterForm);

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
            onPointerEnter={t.path === '/register' ? loadRegisterForm : undefined}
            onFocus={t.path === '/register' ? loadRegisterForm : undefined}
          >
            {t.label}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id="auth-panel" aria-labelledby={`tab-${current.slice(1)}`}>
        {current === '/login' ? (
          <LoginForm />
        ) : (
          <Suspense fallback={<Spinner />}>
            <RegisterForm />
          </Suspense>
        )}
      </div>
    </div>
  );
}

function LoginForm() {
  const { session, config, security, modal } = usePortal();
  const busy = useSelector(session, (s) => s.matches('loggingIn'));
  const location = useLocation();
  const [askingDevice, setAskingDevice] = useState(false);

  // A passkey signs in on its own, with no user name: the browser offers the ones it holds for this
  // site. Its code loads only on this click.
  const passkey = async () => {
    setAskingDevice(true);
    await (await import('../../shared/security/passkeySignIn')).signInWithPasskey({ security, session, modal }).finally(() => setAskingDevice(false));
  };

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
      <button type="button" className="button button--block" disabled={busy || askingDevice} onClick={() => void passkey()}>
        {askingDevice ? 'Waiting for your device…' : 'Sign in with a passkey'}
      </button>
      <p className="form__aside">
        <Link to="/resetpassword" search={location.search}>
          Forgotten your password?
        </Link>
      </p>
    </form>
  );
}
