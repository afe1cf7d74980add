import type { ComponentProps } from 'react';

type FieldProps = ComponentProps<'input'> & {
  label: string;
  name: string;
  hint?: string;
  /** What is wrong with the value, said under the field (and read out with it). */
  error?: string | null;
  /** The field must be filled: marked beside its label and announced (aria-required). */
  mark?: boolean;
};

/** A labelled input; the hint and the error are read out with the field. */
export function Field({ label, name, hint, error, mark, id, ...input }: FieldProps) {
  const fieldId = id ?? `field-${name}`;
  const describedBy = [hint ? `${fieldId}-hint` : null, error ? `${fieldId}-error` : null].filter(Boolean).join(' ') || undefined;
  const labelled = <label htmlFor={fieldId}>{label}</label>;
  return (
    <div className="field">
      {mark ? (
        <div className="field__head">
          {labelled}
          <span className="field__required" aria-hidden="true">
            Required
          </span>
        </div>
      ) : (
        labelled
      )}
      {/* Keyed by name: a field of another name in the same place is a new input, never the old one's value. */}
      <input key={name} id={fieldId} name={name} aria-describedby={describedBy} aria-required={mark || undefined} aria-invalid={error ? true : undefined} {...input} />
      {hint && (
        <small id={`${fieldId}-hint`} className="field__hint">
          {hint}
        </small>
      )}
      <FieldError id={`${fieldId}-error`} text={error} />
    </div>
  );
}

/** The message under a field that failed a check; `id` is what the field's aria-describedby names. */
/** A 6-digit one-time code (emailed, or from an authenticator app): a number pad, filled by the device's code autofill. */
export function CodeField(props: Omit<FieldProps, 'name'> & { name?: string }) {
  return <Field name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required {...props} />;
}

export function FieldError({ id, text }: { id: string; text?: string | null }) {
  if (!text) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {text}
    </p>
  );
}

/** The named text values of a submitted form. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}

/** The named fields of a form as a request body: trimmed, and blank ones null (they clear the field). */
export function optionalTexts(values: Record<string, string>, names: readonly string[]): Record<string, string | null> {
  return Object.fromEntries(names.map((name) => [name, values[name]?.trim() || null]));
}
