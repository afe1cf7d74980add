import { useId, useState, type FormEvent } from 'react';
import { Field, formValues } from '../Field';

/**
 * A change that weakens sign-in (removing a factor, new recovery codes) asks for the password first:
 * the button opens a small form in place; Cancel closes it.
 */
export function PasswordConfirm({ label, confirmLabel, act }: { label: string; confirmLabel: string; act: (password: string) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    try {
      await act(formValues(e.currentTarget).password);
      setOpen(false);
    } catch {
      // The API client showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  if (!open) {
    return (
      <button type="button" className="button" onClick={() => setOpen(true)} aria-controls={id} aria-expanded="false">
        {label}
      </button>
    );
  }
  return (
    <form id={id} className="form form--inline" onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <Field id={`${id}-password`} label="Your password" name="password" type="password" autoComplete="current-password" required autoFocus />
      <div className="form__row">
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? 'Working…' : confirmLabel}
        </button>
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
