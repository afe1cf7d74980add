/** A form's primary button, disabled and saying what is happening while the form is being sent. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="button button--primary" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
