import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Trx } from '../../db';

export type CodePurpose = 'validate' | 'reset';
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
  await trx
    .updateTable('user_codes')
    .set({ used_at: nowSeconds })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .insertInto('user_codes')
    .values({ user_id: userId, purpose, code_hash: hashCode(userId, purpose, code), expires_at: nowSeconds + ttlSeconds, created_at: nowSeconds })
    .execute();
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
  const current = await trx
    .selectFrom('user_codes')
    .select(['id', 'code_hash', 'expires_at', 'attempts'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!current) return 'invalid';
  if (current.attempts >= maxCodeAttempts) return 'exhausted';
  if (current.expires_at <= nowSeconds) return 'expired';
  const given = Buffer.from(hashCode(userId, purpose, code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(current.code_hash, 'hex'))) {
    const { attempts } = await trx
      .updateTable('user_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', current.id)
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return attempts >= maxCodeAttempts ? 'exhausted' : 'invalid';
  }
  await trx.updateTable('user_codes').set({ used_at: nowSeconds }).where('id', '=', current.id).execute();
  return 'ok';
}

/**
 * Codes of `purpose` sent within the window to the user (`userId`) or to the address (`email`, any
 * user): how many, and in how many seconds the oldest leaves the window.
 */
export async function codesSent(
  trx: Trx,
  to: { userId: number } | { email: string },
  purpose: CodePurpose,
  windowSeconds: number,
  nowSeconds: number,
): Promise<{ count: number; waitSeconds: number }> {
  const row = await trx
    .selectFrom('user_codes')
    .innerJoin('users', 'users.id', 'user_codes.user_id')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('user_codes.created_at').as('oldest')])
    .where('user_codes.purpose', '=', purpose)
    .where('user_codes.created_at', '>', nowSeconds - windowSeconds)
    .$if('userId' in to, (qb) => qb.where('user_codes.user_id', '=', (to as { userId: number }).userId))
    .$if('email' in to, (qb) => qb.where('users.email', '=', (to as { email: string }).email))
    .executeTakeFirstOrThrow();
  const oldest = row.oldest === null ? nowSeconds : Number(row.oldest);
  return { count: Number(row.count), waitSeconds: Math.max(1, oldest + windowSeconds - nowSeconds) };
}

/** Wrong guesses at the user's codes of `purpose` made within the window, over every code. */
export async function wrongGuesses(trx: Trx, userId: number, purpose: CodePurpose, windowSeconds: number, nowSeconds: number): Promise<number> {
  const row = await trx
    .selectFrom('user_codes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('attempts'), sql<string>`0`).as('guesses'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', nowSeconds - windowSeconds)
    .executeTakeFirstOrThrow();
  return Number(row.guesses);
}
