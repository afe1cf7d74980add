import { z } from 'zod';
import { testMark } from '../fields';

// Name validation (service name): a name parsed into its parts, checked, scored 0-100 with reasons
// (server/engines/name). The checks are named in `check`; severity fail, warn or info.

export const nameChecks = ['blank', 'mashing', 'placeholder', 'profanity', 'titleGender', 'digits', 'symbols', 'singlePart', 'initialOnly', 'tooLong', 'notChecked'] as const;

export const nameResult = z.object({
  name: z.string(),
  parts: z.object({ title: z.string(), forename: z.string(), middle: z.string(), surname: z.string(), suffix: z.string(), nickname: z.string() }),
  /** Unicode scripts the name is written in (Latin, Cyrillic, Han...). */
  scripts: z.array(z.string()),
  score: z.number().int().min(0).max(100),
  /** valid: 70 and up; suspect: 40-69; invalid: below 40. */
  verdict: z.enum(['valid', 'suspect', 'invalid']),
  reasons: z.array(z.object({ check: z.enum(nameChecks), severity: z.enum(['fail', 'warn', 'info']), message: z.string() })),
  test: testMark,
});
export type NameResultBody = z.infer<typeof nameResult>;
