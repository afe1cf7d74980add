import { z } from 'zod';

/** Every error response of the server: the SPA appends `msg` to "Failed to {action}". */
export const errorBody = z.object({ msg: z.string(), statusCode: z.number().int() });
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * The field a validation issue is about, as a refusal names it: the field's own name (the last key
 * of the path that is not a list index: token.ipRange.1 is ipRange) and, inside a list, which item
 * (1-based). The server prefixes its sentences with the name ("ipRange: ..."); forms put them under
 * the field of that name.
 */
export function issueField(path: readonly PropertyKey[]): { field: string; item: number | null } {
  const isIndex = (key: PropertyKey) => typeof key === 'number' || /^\d+$/.test(String(key));
  const field = path.filter((key) => !isIndex(key)).at(-1);
  const index = path.findLast(isIndex);
  return { field: field === undefined ? '' : String(field), item: index === undefined ? null : Number(index) + 1 };
}
