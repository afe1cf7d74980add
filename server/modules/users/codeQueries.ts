import { sql } from 'kysely';
import type { Trx } from '../../db';

// The SQL of the emailed codes (user_codes): issuing, checking and counting them.

export type CodePurpose = 'validate' | 'reset';

/** Marks the user's unused codes of `purpose` as used, so they stop working. */
export async function retireUnusedCodes(trx: Trx, userId: number, purpose: CodePurpose, nowSeconds: number): Promise<void> {
  await trx
    .updateTable('user_codes')
    .set({ used_at: nowSeconds })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** Writes a code (its hash) for the user, valid until `expiresAt`. */
export async function insertCode(
  trx: Trx,
  code: { userId: number; purpose: CodePurpose; codeHash: string; expiresAt: number; nowSeconds: number },
): Promise<void> {
  await trx
    .insertInto('user_codes')
    .values({ user_id: code.userId, purpose: code.purpose, code_hash: code.codeHash, expires_at: code.expiresAt, created_at: code.nowSeconds })
    .execute();
}

/** The user's newest unused code of `purpose`, its row locked (for update) until the transaction ends. */
export function currentCodeForUpdate(trx: Trx, userId: number, purpose: CodePurpose) {
  return trx
    .selectFrom('user_codes')
    .select(['id', 'code_hash', 'expires_at', 'attempts'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/** Counts one more wrong attempt at the code; the attempts now made. */
export async function addCodeAttempt(trx: Trx, codeId: number): Promise<number> {
  const { attempts } = await trx
    .updateTable('user_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return attempts;
}

/** Marks the code as used. */
export async function markCodeUsed(trx: Trx, codeId: number, nowSeconds: number): Promise<void> {
  await trx.updateTable('user_codes').set({ used_at: nowSeconds }).where('id', '=', codeId).execute();
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
