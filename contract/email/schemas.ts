import { z } from 'zod';
import { testMark } from '../fields';
import type { CallShape } from '../endpoint';
import { emailClasses, emailMaxInput, emailNotChecked, emailReasons } from '../shared/email';

// Email validation (spec section 7, third-party services): POST /verify (body email) and GET
// /verify/{id}. What each answer holds is ours to design; the words of its classes, reasons and
// checks not made are in contract/shared/email.ts.

export const verifyBody = z.object({
  email: z
    .string({ error: 'Give the email address to check as a string in "email"' })
    .max(emailMaxInput, `An email address to check is at most ${emailMaxInput} characters`)
    .refine((text) => text.trim().length > 0, 'Give an email address to check: "email" is empty'),
});

export const emailVerdict = z.object({
  /** The address as given, trimmed. */
  email: z.string(),
  /** local@domain with the domain in lower-case ASCII (punycode); null when the syntax is bad. */
  normalised: z.string().nullable(),
  result: z.enum(emailClasses),
  reasons: z.array(z.enum(emailReasons)),
  /** Why the syntax is bad, in words. */
  syntaxError: z.string().nullable(),
  local: z.string().nullable(),
  domain: z.string().nullable(),
  /** Mail servers, lowest priority first. */
  mx: z.array(z.object({ exchange: z.string(), priority: z.number().int() })),
  disposable: z.boolean(),
  role: z.boolean(),
  free: z.boolean(),
  /** The address with the domain a typo most likely meant, or null. */
  suggestion: z.string().nullable(),
  /** What was not checked (always: no SMTP probe, so neither the mailbox nor catch-all). */
  notChecked: z.array(z.enum(emailNotChecked)),
  /** A test call's verdict (free), also when read again with GET /verify/{id}. */
  test: testMark,
});

export const verifyResponse = emailVerdict.extend({
  /** Give it to GET /verify/{id} to read this result again (free of charge). */
  id: z.string(),
  /** Seconds since the epoch. */
  checkedAt: z.number().int(),
});

export const verifyParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,40}$/, 'Not a result id') });

/** POST /verify body { email }: one click. */
export const verify = { body: verifyBody, response: verifyResponse } satisfies CallShape;
/** GET /verify/{id}: the stored result, no click. */
export const getVerify = { response: verifyResponse } satisfies CallShape;
