import { useState, type FormEvent } from 'react';
import { usePortal } from '../../app/PortalContext';
import { Field, formValues } from '../Field';
import { RecoveryCodes } from './RecoveryCodes';

/** A default name for a new passkey: the kind of device it is made on. */
function deviceName(): string {
  const agent = navigator.userAgent;
  if (/iPhone|iPad/.test(agent)) return 'Passkey on iPhone or iPad';
  if (/Android/.test(agent)) return 'Passkey on Android';
  if (/Mac OS X/.test(agent)) return 'Passkey on Mac';
  if (/Windows/.test(agent)) return 'Passkey on Windows';
  return 'Passkey on this device';
}

/**
 * Adding a passkey: named, made by the browser (its WebAuthn code loads only now) against the
 * server's challenge, and registered. The first second factor comes with recovery codes, shown once.
 */
export function PasskeySetup({ onDone }: { onDone: () => void }) {
  const { security, modal } = usePortal();
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const name = formValues(form).name.trim();
    setBusy(true);
    try {
      const { challengeId, options } = await security.passkeyRegistrationOptions();
      const { createPasskey } = await import('./passkeyCeremony');
      const response = await createPasskey(options);
      const { recoveryCodes } = await security.registerPasskey({ challengeId, response, name });
      // The next passkey starts from the device's name again, not this one's.
      form.reset();
      if (recoveryCodes?.length) setCodes(recoveryCodes);
      else onDone();
    } catch (error) {
      if (error instanceof Error && error.name === 'PasskeyError') modal.send({ type: 'modal.show', title: 'Passkey not added', text: error.message });
    } finally {
      setBusy(false);
    }
  };

  // Kept: back to the form (Sign-in security stays on this page, its list of passkeys reloaded).
  if (codes) return <RecoveryCodes codes={codes} onDone={() => (setCodes(null), onDone())} />;
  return (
    <form className="form passkey-setup" onSubmit={(e) => void add(e)} aria-busy={busy}>
      <Field label="Passkey name" name="name" defaultValue={deviceName()} maxLength={60} required hint="So you can tell your passkeys apart." />
      <div className="form__row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Waiting for your device…' : 'Add a passkey'}
        </button>
      </div>
    </form>
  );
}
