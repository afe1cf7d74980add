// The group forms' owner and group id fields (the wizards, /administration/account/create), as typed.
// A group's name is checked with contract/shared/text.ts (groupNameProblem), as the server's schema.

/** A blank id is absent; anything else must be a positive whole number. */
export function parseId(text: string): { id?: number; error?: string } {
  const trimmed = text.trim();
  if (!trimmed) return {};
  return /^\d{1,9}$/.test(trimmed) && Number(trimmed) > 0 ? { id: Number(trimmed) } : { error: 'An id is a whole number, such as 42' };
}
