import { z } from 'zod';
import { dqServices } from '../shared/catalogue';
import { tokenActions, tokenTypes } from '../shared/tokens';

// API tokens of spec section 3 (Token) as the user server returns them, and the audit log of token
// changes (ours). Timestamps are seconds since the epoch. A token is never returned with a secret:
// what an integration sends is an exported token (GET /tokens/export), made once and shown once.

const seconds = z.number().int();
const rowId = z.number().int();

/** Spec section 3, Token: the fields this portal keeps. */
export const token = z.object({
  id: rowId,
  /** The account the token belongs to. */
  parentId: rowId,
  type: z.enum(tokenTypes),
  tag: z.string(),
  locked: z.boolean(),
  /** CIDR networks the token may be used from, normalised to their network address; empty: anywhere. */
  ipRange: z.array(z.string()),
  /** Host pattern of the pages that may call with it ('*.example.com'); null: any. */
  referrer: z.string().nullable(),
  /** End of validity; 0 is the spec's default 1970-01-01 and means no expiry. */
  expiry: seconds,
  /** The data-quality services it may call. */
  services: z.array(z.enum(dqServices)),
  /** Most clicks a UTC day; null: no cap. */
  dailyCap: z.number().int().nullable(),
  createTimestamp: seconds,
  updateTimestamp: seconds,
  creationUserId: rowId.nullable(),
  updateUserId: rowId.nullable(),
});
export type Token = z.infer<typeof token>;

/** One line of the audit log: who did what to which token, when. */
export const tokenAuditEntry = z.object({
  id: rowId,
  tokenId: rowId.nullable(),
  /** The tag when it happened (kept after the token is deleted). */
  tokenTag: z.string(),
  userId: rowId.nullable(),
  /** The user's name and email address; null once the user is deleted. */
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  action: z.enum(tokenActions),
  detail: z.string(),
  at: seconds,
});
export type TokenAuditEntry = z.infer<typeof tokenAuditEntry>;

/** GET /tokens/export: the token string an integration sends as its bearer token for a year. */
export const exportedToken = z.object({ token: z.string() });
export type ExportedToken = z.infer<typeof exportedToken>;
