import './security.css';
import { useState, type FormEvent } from 'react';
import type { ResponseOf } from '../../../contract/endpoint';
import type { startTotp } from '../../../contract/security/endpoints';
import { usePortal } from '../../app/PortalContext';
import { CodeField, formValues } from '../Field';
import { RecoveryCodes } from './RecoveryCodes';

type Started = ResponseOf<typeof startTotp>;

/** The secret in groups of four, as authenticator apps ask for it typed. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Adding an authenticator app: the server makes a secret, shown as a QR code and as text; a code
 * from the app confirms it. The first second factor comes with recovery codes, shown once.
 */
export function TotpSetup({ onDone }: { onDone: () => void }) {
  const { security } = usePortal();
  const [started, setStarted] = useState<Started | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  const start = async () => {
    setBusy(true);
    try {
      setStarted(await security.startTotp());
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { recoveryCodes } = await security.confirmTotp(formValues(e.currentTarget).code.trim());
      if (recoveryCodes?.length) setCodes(recoveryCodes);
      else onDone();
    } catch {
      // The API client showed the server's message; the user types the next code.
    } finally {
      setBusy(false);
    }
  };

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (!started) {
    return (
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void start()}>
        {busy ? 'Starting…' : 'Set up an authenticator app'}
      </button>
    );
  }
  return (
    <form className="form totp-setup" onSubmit={(e) => void confirm(e)} aria-busy={busy}>
      <ol className="totp-setup__steps">
        <li>
          Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).
          <img className="totp-setup__qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(started.qrSvg)}`} alt="QR code for your authenticator app" width={192} height={192} />
          <span className="muted">
            Cannot scan? Type this key instead: <code data-testid="totp-secret">{grouped(started.secret)}</code>
          </span>
        </li>
        <li>
          <CodeField label="Code from the app" autoFocus hint="6 digits; a new one every 30 seconds." />
        </li>
      </ol>
      <div className="form__row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Checking…' : 'Turn on'}
        </button>
      </div>
    </form>
  );
}
