import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Trx } from '../../db';
import { addCodeAttempt, currentCodeForUpdate, insertCode, markCodeUsed, retireUnusedCodes, type CodePurpose } from './codeQueries';

export const maxCodeAttempts = 5;

// The code space is small, so the hash does not make a leaked table safe for long; the expiry and
// the attempt limit do. The user id and purpose in the hash stop a code being replayed elsewhere.
const hashCode = (userId: number, purpose: CodePurpose, code: string) =>
  createHash('sha256').update(`${purpose}:${userId}:${code}`).digest('hex');

/** A fresh 6-digit code; earlier unused codes of the same purpose stop working. */
export async function issueCode(
  trx: Trx,
  userId: number,
  purpose: CodePurpose,
  ttlSeconds: number,
  nowSeconds: number,
): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await retireUnusedCodes(trx, userId, purpose, nowSeconds);
  await insertCode(trx, { userId, purpose, codeHash: hashCode(userId, purpose, code), expiresAt: nowSeconds + ttlSeconds, nowSeconds });
  return code;
}

export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'exhausted';

/**
 * Checks a code against the user's current one and uses it up when right. Call inside a
 * transaction: the row is locked so two simultaneous tries cannot both spend the same attempt.
 */
export async function consumeCode(
  trx: Trx,
  userId: number,
  purpose: CodePurpose,
  code: string,
  nowSeconds: number,
): Promise<CodeCheck> {
  const current = await currentCodeForUpdate(trx, userId, purpose);
  if (!current) return 'invalid';
  if (current.attempts >= maxCodeAttempts) return 'exhausted';
  if (current.expires_at <= nowSeconds) return 'expired';
  const given = Buffer.from(hashCode(userId, purpose, code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(current.code_hash, 'hex'))) {
    const attempts = await addCodeAttempt(trx, current.id);
    return attempts >= maxCodeAttempts ? 'exhausted' : 'invalid';
  }
  await markCodeUsed(trx, current.id, nowSeconds);
  return 'ok';
}
