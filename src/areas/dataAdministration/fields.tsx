import { useState, type ComponentProps, type ReactNode } from 'react';
import { FieldError } from '../../shared/Field';
import { formatDate, secondsOfDateInput } from '../../shared/format';

// The catalogue forms' fields: a label, the control, an optional hint and the message of a failed
// check, which the control names (aria-describedby) and marks (aria-invalid).

type Common = { name: string; label: string; hint?: ReactNode; error?: string | null; /** Across the whole form grid. */ wide?: boolean };

function describedBy(id: string, hint: unknown, error: unknown) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

type FrameProps = { id: string; label: string; hint?: ReactNode; error?: string | null; wide?: boolean; children: ReactNode };

function Frame({ id, label, hint, error, wide, children }: FrameProps) {
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={`${id}-hint`} className="field__hint">
          {hint}
        </small>
      )}
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}

export function TextField({ name, label, hint, error, wide, ...input }: Common & Omit<ComponentProps<'input'>, 'name'>) {
  const id = `field-${name}`;
  return (
    <Frame id={id} label={label} hint={hint} error={error} wide={wide}>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...input} />
    </Frame>
  );
}

export function TextAreaField({ name, label, hint, error, wide, ...input }: Common & Omit<ComponentProps<'textarea'>, 'name'>) {
  const id = `field-${name}`;
  return (
    <Frame id={id} label={label} hint={hint} error={error} wide={wide}>
      <textarea id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...input} />
    </Frame>
  );
}

export function SelectField({ name, label, hint, error, wide, children, ...select }: Common & Omit<ComponentProps<'select'>, 'name'>) {
  const id = `field-${name}`;
  return (
    <Frame id={id} label={label} hint={hint} error={error} wide={wide}>
      <select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...select}>
        {children}
      </select>
    </Frame>
  );
}

/**
 * A date input that also says the day chosen as dd/mm/yyyy (spec section 9): the browser draws the
 * input in its own locale's order, which need not be the portal's.
 */
export function DateField({ name, label, hint, error, wide, defaultValue, echo, ...input }: Common &
  Omit<ComponentProps<'input'>, 'name' | 'type' | 'defaultValue' | 'value'> & { defaultValue: string; echo: (day: string) => string }) {
  // The text typed so far, to say which day it is; the form still reads the input when sent.
  const [value, setValue] = useState(defaultValue);
  const seconds = secondsOfDateInput(value);
  const id = `field-${name}`;
  const said = (
    <>
      {seconds !== null && <strong>{echo(formatDate(seconds))}. </strong>}
      {hint}
    </>
  );
  return (
    <Frame id={id} label={label} hint={said} error={error} wide={wide}>
      <input
        id={id}
        name={name}
        type="date"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, said, error)}
        {...input}
      />
    </Frame>
  );
}

/** Focus the first field with a problem (ids are field-<name>), as the group forms do. */
export const focusField = (name: string | undefined) => name && document.getElementById(`field-${name}`)?.focus();
