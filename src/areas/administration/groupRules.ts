// The group rules of spec section 5 as contract/groups.ts states them (that module carries zod, which
// the SPA leaves out): the same messages, word for word. tests/views/groupPages.test.tsx holds the
// two to each other.

export const nameMaxLength = 100;
export const nameRequired = 'A name is required';
export const nameTooLong = `A name is at most ${nameMaxLength} characters`;
export const noIdProvided = 'No user or group id provided';

/** A group name is trimmed, required and at most 100 characters. */
export function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return nameRequired;
  return trimmed.length > nameMaxLength ? nameTooLong : null;
}

/** A blank id is absent; anything else must be a positive whole number. */
export function parseId(text: string): { id?: number; error?: string } {
  const trimmed = text.trim();
  if (!trimmed) return {};
  return /^\d{1,9}$/.test(trimmed) && Number(trimmed) > 0 ? { id: Number(trimmed) } : { error: 'An id is a whole number, such as 42' };
}
