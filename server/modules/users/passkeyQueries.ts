import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db';
import type { PasskeysTable, WebauthnChallengesTable } from '../../db/securitySchema';

// The SQL of passkeys (WebAuthn credentials) and of the challenges the server gives a browser's
// WebAuthn call (migration 018). The rules are in ./passkeys.ts.

export type PasskeyRow = Selectable<PasskeysTable>;
export type ChallengeRow = Selectable<WebauthnChallengesTable>;
type Purpose = WebauthnChallengesTable['purpose'];

/** Stores a challenge, first deleting every expired one (of anyone). */
export async function insertChallenge(db: Db, row: Insertable<WebauthnChallengesTable>, nowSeconds: number): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', nowSeconds).execute();
  await db.insertInto('webauthn_challenges').values(row).execute();
}

/**
 * Takes (deletes and returns) the challenge of the purpose, and only when it was given to `owner`
 * (the user of a registration, the session of a second factor): a challenge is used once, and
 * another caller naming it neither uses it nor spends it. Undefined when there is none.
 */
export function takeChallenge(
  db: Db,
  id: string,
  purpose: Purpose,
  owner: { userId?: number; sessionId?: string } = {},
): Promise<ChallengeRow | undefined> {
  return db
    .deleteFrom('webauthn_challenges')
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .$if(owner.userId !== undefined, (qb) => qb.where('user_id', '=', owner.userId!))
    .$if(owner.sessionId !== undefined, (qb) => qb.where('session_id', '=', owner.sessionId!))
    .returningAll()
    .executeTakeFirst();
}

/** The user's passkeys, oldest first. */
export function passkeysOf(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export function findPasskey(db: Db, id: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Stores a new passkey; undefined when a passkey with its credential id is already stored. */
export function insertPasskey(db: Db, row: Insertable<PasskeysTable>): Promise<PasskeyRow | undefined> {
  return db.insertInto('passkeys').values(row).onConflict((oc) => oc.column('id').doNothing()).returningAll().executeTakeFirst();
}

/** Deletes the user's passkey (another user's id deletes nothing); its name when there was one. */
export function deletePasskey(db: Db, userId: number, id: string): Promise<{ name: string } | undefined> {
  return db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).returning('name').executeTakeFirst();
}

/**
 * Records a use: the new signature counter and when. Only while the stored counter is still below
 * the new one (or both are 0, an authenticator that keeps no counter), so of two uses with the same
 * counter at once only one counts. False when the counter did not grow.
 */
export async function recordPasskeyUse(db: Db, id: string, counter: number, nowSeconds: number): Promise<boolean> {
  const row = await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: nowSeconds })
    .where('id', '=', id)
    .where((eb) => (counter === 0 ? eb('counter', '=', 0) : eb('counter', '<', counter)))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
