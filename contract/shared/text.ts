// A required or limited text field's rules in words, with no zod: the contract's schemas word their
// text fields with these, and the SPA's forms check with the same functions before anything is sent.

/** "A name is required". */
export const textRequired = (what: string) => `${what} is required`;
/** "A name is at most 100 characters". */
export const textTooLong = (what: string, max: number) => `${what} is at most ${max} characters`;

/** Required text, trimmed, at most `max` characters; null when it is acceptable. */
export function textProblem(value: string, what: string, max: number): string | null {
  const trimmed = value.trim();
  if (!trimmed) return textRequired(what);
  return trimmed.length > max ? textTooLong(what, max) : null;
}

/** Optional text: only its length is checked. */
export const optionalTextProblem = (value: string, what: string, max: number) => (value.trim().length > max ? textTooLong(what, max) : null);

/** A group's name (spec section 5): trimmed, required and at most 100 characters. */
export const groupNameMaxLength = 100;
export const groupNameProblem = (name: string) => textProblem(name, 'A name', groupNameMaxLength);
