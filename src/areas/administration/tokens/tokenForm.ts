// First: the schemas below are built with zod's compiled fast path off (see ./zodJitless).
import '../../../shared/zodJitless';
import { createTokenBody, tokenUpdate } from '../../../../contract/tokens/schemas';
import { issueProblems, serverProblems, type FieldProblems } from '../../../shared/fieldProblems';
import type { TokenInput } from '../../../api/tokens';

// The token form's checks: what is typed goes through the server's own schemas (contract/tokens/
// schemas.ts) before it is sent, and the server's refusal (a range that is not a network, a tag
// taken, a past expiry, a wrong password) comes back keyed by field; each sentence goes under its
// field. What names no field is said over the form.

export type TokenFormValues = { token: TokenInput; password: string };

export const tokenFormFields = ['tag', 'type', 'ipRange', 'referrer', 'expiry', 'services', 'dailyCap', 'password'] as const;
export type TokenFormField = (typeof tokenFormFields)[number];
export type TokenFormProblems = FieldProblems<TokenFormField>;

export const capNotANumber = 'A daily cap is a whole number of clicks, such as 5000';

/** The problem of each field of what is typed, before anything is sent; none when it may be sent. */
export function tokenFormProblems(values: TokenFormValues, creating: boolean): TokenFormProblems {
  const parsed = creating ? createTokenBody.safeParse(values) : tokenUpdate.safeParse(values.token);
  const problems = parsed.success ? {} : issueProblems(parsed.error.issues, tokenFormFields, (n) => `line ${n}`);
  // A cap that is not a number at all reaches the schema as NaN, which it words for developers.
  if (Number.isNaN(values.token.dailyCap)) problems.dailyCap = capNotANumber;
  return problems;
}

/** The server's refusal by field, and what names none. */
export const tokenServerProblems = (detail: string) => serverProblems(detail, tokenFormFields);
