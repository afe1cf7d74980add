import { Field } from './Field';

// A new password and its confirmation, as registration, password reset and password change ask for
// them (spec section 4): 8 to 128 characters, typed twice.

export const passwordsDoNotMatch = 'The passwords do not match';

/** The new-password field (`name`) and the confirmation beside it (`confirmPassword`). */
export function PasswordFields({ name, label, confirmLabel }: { name: string; label: string; confirmLabel: string }) {
  return (
    <>
      <Field
        label={label}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        hint="At least 8 characters."
      />
      <Field
        label={confirmLabel}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        onInput={(e) => e.currentTarget.setCustomValidity('')}
      />
    </>
  );
}

/**
 * Whether the two passwords of `form` match; when they do not, the browser says so on the
 * confirmation field and the form is not sent.
 */
export function passwordsMatch(form: HTMLFormElement, name: string): boolean {
  const password = form.elements.namedItem(name);
  const confirm = form.elements.namedItem('confirmPassword');
  if (!(password instanceof HTMLInputElement) || !(confirm instanceof HTMLInputElement)) return false;
  if (password.value === confirm.value) return true;
  confirm.setCustomValidity(passwordsDoNotMatch);
  confirm.reportValidity();
  return false;
}
