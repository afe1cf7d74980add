import { z } from 'zod';
import type { CallShape } from '../endpoint';
import { id } from '../fields';
import { dqServices } from '../shared/catalogue';
import { maxIpRanges, maxTagLength, normaliseReferrer, tokenTypes } from '../shared/tokens';
import { message } from '../users/schemas';
import { exportedToken, token, tokenAuditEntry } from './entities';

// Calls of spec section 7, Tokens, served by the user server under /api/users. Owners of the account
// (or of a group above it) and staff read and manage; exporting is for the account's owners only.
// Each field's message names what is wrong; the server adds the field's name (ipRange: ...), and the
// token form checks what is typed with the same schemas, so both say it in the same words.

export const parentIdQuery = z.object({ parentId: id });
export const tokenIdQuery = z.object({ id });
export const groupIdQuery = z.object({ groupId: id });

const tag = z
  .string()
  .trim()
  .min(1, 'A tag is required')
  .max(maxTagLength, `A tag is at most ${maxTagLength} characters`);

/**
 * CIDR ranges as typed: the server checks each as a real IPv4 or IPv6 network and keeps its network
 * address ('10.1.2.3/8' is kept as '10.0.0.0/8'; a bare address is its /32 or /128).
 */
const ipRange = z
  .array(z.string().trim().min(1, 'An IP range cannot be empty').max(64, 'An IP range is at most 64 characters'))
  .max(maxIpRanges, `A token has at most ${maxIpRanges} IP ranges`);

const referrer = z
  .string()
  .nullable()
  .transform((text, ctx) => {
    if (text === null || text.trim() === '') return null;
    const pattern = normaliseReferrer(text);
    if (pattern === null) {
      ctx.addIssue({ code: 'custom', message: 'A referrer is a host name such as shop.example.com or *.example.com, with no scheme, path or port' });
      return z.NEVER;
    }
    return pattern;
  });

/** Seconds since the epoch; 0 (1970-01-01) is no expiry. The server refuses one in the past. */
const expiry = z.number().int('The expiry is whole seconds').min(0, 'The expiry cannot be before 1970');

const services = z
  .array(z.enum(dqServices, `Must be one of ${dqServices.join(', ')}`))
  .min(1, 'Choose at least one service')
  .transform((list) => [...new Set(list)]);

/** The largest daily cap a token takes. */
export const maxDailyCap = 1_000_000_000;
const dailyCap = z.number().int('A daily cap is a whole number of clicks').min(1, 'A daily cap is at least 1 click').max(maxDailyCap, `A daily cap is at most ${maxDailyCap.toLocaleString('en-GB')} clicks`).nullable();

const tokenFields = {
  tag,
  type: z.enum(tokenTypes),
  ipRange,
  referrer,
  expiry,
  services,
  dailyCap,
};

/** The token of POST /tokens/password: the restrictions left out are none (anywhere, any referrer, no expiry, no cap). */
export const tokenInput = z
  .object({
    ...tokenFields,
    ipRange: ipRange.default([]),
    referrer: referrer.default(null),
    expiry: expiry.default(0),
    dailyCap: dailyCap.default(null),
  })
  .strict();
export type TokenInput = z.input<typeof tokenInput>;

/** An edit: a field left out keeps its stored value. Locking has its own call. */
export const tokenUpdate = z.object(tokenFields).partial().strict();

/** Creating a credential is sensitive: the signed-in owner re-enters their password. */
export const createTokenBody = z.object({ token: tokenInput, password: z.string().min(1, 'Enter your password') }).strict();

export const lockBody = z.object({ lock: z.boolean() }).strict();

/** One change applied to several tokens of one account in one transaction. */
export const bulkBody = z
  .object({
    ids: z.array(z.number().int().positive()).min(1, 'Choose at least one token').max(500, 'At most 500 tokens at once'),
    lock: z.boolean().optional(),
    services: services.optional(),
    expiry: expiry.optional(),
    dailyCap: dailyCap.optional(),
    ipRange: ipRange.optional(),
    referrer: referrer.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).some((key) => key !== 'ids'), 'Choose a change to make: lock, services, expiry, daily cap, IP ranges or referrer');
export type BulkBody = z.input<typeof bulkBody>;

export const exportQuery = z.object({ accountId: id, tokenId: id });
export const auditQuery = z.object({ parentId: id, limit: z.coerce.number().int().min(1).max(500).default(200) });

export const listTokens = { query: parentIdQuery, response: z.array(token) } satisfies CallShape;
/** Answers 201 Created. */
export const createToken = { query: parentIdQuery, body: createTokenBody, response: token } satisfies CallShape;
export const updateToken = { query: tokenIdQuery, body: tokenUpdate, response: token } satisfies CallShape;
export const deleteToken = { query: tokenIdQuery, response: message } satisfies CallShape;
export const lockToken = { query: tokenIdQuery, body: lockBody, response: token } satisfies CallShape;
export const bulkUpdateTokens = { query: groupIdQuery, body: bulkBody, response: z.array(token) } satisfies CallShape;
export const tokenAudit = { query: auditQuery, response: z.array(tokenAuditEntry) } satisfies CallShape;
export const exportToken = { query: exportQuery, response: exportedToken } satisfies CallShape;
