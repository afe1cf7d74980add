import { z } from 'zod';

// Account security: the second factors a user may hold (authenticator app, passkeys, recovery
// codes), their signed-in sessions, and the audit trail of changes to either. Timestamps are
// seconds since the epoch.

/** How a half-signed-in user may finish signing in. */
export const secondFactorMethod = z.enum(['totp', 'passkey', 'recovery']);
export type SecondFactorMethod = z.infer<typeof secondFactorMethod>;

/** A registered passkey (WebAuthn credential), as its owner sees it. */
export const passkey = z.object({
  /** The credential id, base64url. */
  id: z.string(),
  name: z.string(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
});
export type Passkey = z.infer<typeof passkey>;

/** What My Settings shows of the caller's own second factors. */
export const securityStatus = z.object({
  totp: z.boolean(),
  passkeys: z.array(passkey),
  recoveryCodesLeft: z.number().int(),
  /** Two-factor is required of this user: by a group they belong to, or as staff in production. */
  required: z.boolean(),
  /** The groups whose owners require it (names), for the explanation. */
  requiredBy: z.array(z.string()),
});
export type SecurityStatus = z.infer<typeof securityStatus>;

/** A signed-in browser session of the caller (exported API token sessions are not listed here). */
export const signedInSession = z.object({
  /** An opaque handle of the session (never the session id a token carries). */
  id: z.string(),
  /** Browser and system from the user agent, e.g. "Chrome on Windows"; "Unknown device" without one. */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int(),
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSession>;

export const securityEventKind = z.enum([
  'totp.enrolled',
  'totp.removed',
  'passkey.registered',
  'passkey.removed',
  'recovery.generated',
  'recovery.used',
  'session.ended',
  'sessions.endedOthers',
  'group.twoFactorRequired',
  'group.twoFactorOptional',
]);
export type SecurityEventKind = z.infer<typeof securityEventKind>;

/** One audit row of the caller's account security. */
export const securityEvent = z.object({
  kind: securityEventKind,
  /** A short human description, e.g. the passkey's name or "3 recovery codes left". */
  detail: z.string().nullable(),
  ip: z.string().nullable(),
  at: z.number().int(),
});
export type SecurityEvent = z.infer<typeof securityEvent>;
