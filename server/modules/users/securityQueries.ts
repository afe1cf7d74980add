import { sql } from 'kysely';
import type { Db, Trx } from '../../db';
import { ancestors } from '../access/index';

// The SQL of two-factor sign-in (migration 018): the authenticator app's secret, recovery codes, the
// second factors a user holds, a session's stage, groups' requirement and the audit trail's reads.

export type SessionRowStage = 'full' | 'secondFactor' | 'enrol';

/** What second factors the user holds: a confirmed authenticator app, how many passkeys and unused recovery codes. */
export async function factorsOf(db: Db | Trx, userId: number): Promise<{ totp: boolean; passkeys: number; recoveryCodes: number }> {
  const row = await sql<{ totp: boolean; passkeys: number; recoveryCodes: number }>`
    select
      exists (select 1 from totp_factors where user_id = ${userId} and confirmed_at is not null) as totp,
      (select count(*)::int from passkeys where user_id = ${userId}) as "passkeys",
      (select count(*)::int from recovery_codes where user_id = ${userId} and used_at is null) as "recoveryCodes"
  `.execute(db);
  return row.rows[0];
}

/** The stage of the session row; undefined for an unknown session. */
export async function sessionStage(db: Db, sessionId: string): Promise<SessionRowStage | undefined> {
  const row = await db.selectFrom('sessions').select('stage').where('id', '=', sessionId).executeTakeFirst();
  return row?.stage;
}

/** Moves the session from stage `from` to 'full'; false when it was not at `from` (already finished, or another). */
export async function finishSessionStage(db: Db | Trx, sessionId: string, userId: number, from: Exclude<SessionRowStage, 'full'>): Promise<boolean> {
  const row = await db
    .updateTable('sessions')
    .set({ stage: 'full' })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('stage', '=', from)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Holds the user's row until the transaction ends, so changes to one user's second factors (adding
 * or removing one, new recovery codes) happen one at a time: two removals at once cannot both see
 * the other factor still there and leave a required user with none.
 */
export async function lockFactorsOf(trx: Trx, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

// ---- The authenticator app ---------------------------------------------------------------------

export async function findTotp(db: Db | Trx, userId: number) {
  return db.selectFrom('totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new unconfirmed secret, replacing an unconfirmed one; false (nothing written) when a confirmed one exists. */
export async function putUnconfirmedTotp(db: Db | Trx, userId: number, secret: string): Promise<boolean> {
  const row = await db
    .insertInto('totp_factors')
    .values({ user_id: userId, secret, confirmed_at: null, last_step: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, last_step: null }).where('totp_factors.confirmed_at', 'is', null))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Confirms the unconfirmed secret `secret` with the code of `step`; false when it was confirmed or replaced meanwhile. */
export async function confirmTotpRow(trx: Trx, userId: number, secret: string, step: number, nowSeconds: number): Promise<boolean> {
  const row = await trx
    .updateTable('totp_factors')
    .set({ confirmed_at: nowSeconds, last_step: step })
    .where('user_id', '=', userId)
    .where('secret', '=', secret)
    .where('confirmed_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Spends the time step `step` of the user's confirmed secret: true only when no code of this step or a
 * later one was accepted before (one statement, so two requests with one code cannot both pass).
 */
export async function spendTotpStep(trx: Trx, userId: number, step: number): Promise<boolean> {
  const row = await trx
    .updateTable('totp_factors')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteTotp(trx: Trx, userId: number): Promise<boolean> {
  const row = await trx.deleteFrom('totp_factors').where('user_id', '=', userId).returning('user_id').executeTakeFirst();
  return row !== undefined;
}

// ---- Recovery codes ----------------------------------------------------------------------------

/** Replaces the user's unused codes by these (used ones stay, as the record of their use). */
export async function replaceRecoveryCodes(trx: Trx, userId: number, hashes: string[], nowSeconds: number): Promise<void> {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await trx.insertInto('recovery_codes').values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: nowSeconds }))).execute();
}

export async function deleteRecoveryCodes(trx: Trx, userId: number): Promise<void> {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** Marks the code used; false when it is not the user's or was used already (of two at once, one wins). */
export async function spendRecoveryCode(trx: Trx, userId: number, hash: string, nowSeconds: number): Promise<boolean> {
  const row = await trx
    .updateTable('recovery_codes')
    .set({ used_at: nowSeconds })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// ---- Passkeys (read only: what My Settings shows) ----------------------------------------------

export async function passkeysOf(db: Db, userId: number) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at as createdAt', 'last_used_at as lastUsedAt'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

// ---- Groups' requirement -------------------------------------------------------------------------

/** The names of the groups requiring two-factor of the user: those they belong to, and any group above those. */
export async function groupsRequiringOf(db: Db, userId: number): Promise<string[]> {
  const memberOf = await db.selectFrom('group_users').select('group_id').where('user_id', '=', userId).execute();
  if (memberOf.length === 0) return [];
  const rows = await ancestors(db, memberOf.map((row) => row.group_id))
    .selectFrom('chain')
    .innerJoin('groups', 'groups.id', 'chain.id')
    .where('groups.require_two_factor', '=', true)
    .select('groups.name')
    .distinct()
    .orderBy('groups.name')
    .execute();
  return rows.map((row) => row.name);
}

export async function setGroupRequirement(trx: Trx, groupId: number, required: boolean): Promise<void> {
  await trx.updateTable('groups').set({ require_two_factor: required }).where('id', '=', groupId).execute();
}

/** How many members of these groups hold neither a confirmed authenticator app nor a passkey. */
export async function countMembersWithout(db: Db, groupIds: number[]): Promise<number> {
  if (groupIds.length === 0) return 0;
  const row = await db
    .selectFrom('group_users as gu')
    .where('gu.group_id', 'in', groupIds)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('totp_factors as t').select('t.user_id').whereRef('t.user_id', '=', 'gu.user_id').where('t.confirmed_at', 'is not', null))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('passkeys as p').select('p.id').whereRef('p.user_id', '=', 'gu.user_id'))))
    .select(sql<number>`count(distinct gu.user_id)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

// ---- The audit trail -------------------------------------------------------------------------------

/** The user's latest security events, newest first. */
export async function latestSecurityEvents(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('security_events')
    .select(['kind', 'detail', 'ip', 'created_at as at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
