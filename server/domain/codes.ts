import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';

export type CodePurpose = 'validate' | 'reset';
export const maxCodeAttempts = 5;

// The code space is small, so the hash does not make a leaked table safe for long; the expiry and
// the attempt limit do. The user id and purpose in the hash stop a code being replayed elsewhere.
const hashCode = (userId: number, purpose: CodePurpose, code: string) =>
  createHash('sha256').update(`${purpose}:${userId}:${code}`).digest('hex');

/** A fresh 6-digit code; earlier unused codes of the same purpose stop working. */
export async function issueCode(
  tx: Db,
  userId: number,
  purpose: CodePurpose,
  ttlSeconds: number,
  nowSeconds: number,
): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await tx.query('update user_codes set used_at = $3 where user_id = $1 and purpose = $2 and used_at is null', [
    userId,
    purpose,
    nowSeconds,
  ]);
  await tx.query(
    `insert into user_codes (user_id, purpose, code_hash, expires_at, created_at) values ($1, $2, $3, $4, $5)`,
    [userId, purpose, hashCode(userId, purpose, code), nowSeconds + ttlSeconds, nowSeconds],
  );
  return code;
}

export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'exhausted';

/**
 * Checks a code against the user's current one and uses it up when right. Call inside a
 * transaction: the row is locked so two simultaneous tries cannot both spend the same attempt.
 */
export async function consumeCode(
  tx: Db,
  userId: number,
  purpose: CodePurpose,
  code: string,
  nowSeconds: number,
): Promise<CodeCheck> {
  const { rows } = await tx.query<{ id: number; code_hash: string; expires_at: number; attempts: number }>(
    `select id, code_hash, expires_at, attempts from user_codes
      where user_id = $1 and purpose = $2 and used_at is null
      order by id desc limit 1 for update`,
    [userId, purpose],
  );
  const current = rows[0];
  if (!current) return 'invalid';
  if (current.attempts >= maxCodeAttempts) return 'exhausted';
  if (current.expires_at <= nowSeconds) return 'expired';
  const given = Buffer.from(hashCode(userId, purpose, code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(current.code_hash, 'hex'))) {
    const { rows: updated } = await tx.query<{ attempts: number }>(
      'update user_codes set attempts = attempts + 1 where id = $1 returning attempts',
      [current.id],
    );
    return updated[0].attempts >= maxCodeAttempts ? 'exhausted' : 'invalid';
  }
  await tx.query('update user_codes set used_at = $2 where id = $1', [current.id, nowSeconds]);
  return 'ok';
}
