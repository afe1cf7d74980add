import { sql } from 'kysely';
import type { Db } from '../../db';
import { isRowId } from '../access/index';
import { userColumns, type UserRecord } from './queries';

// The session check of every authenticated call: the user of a session token, only while its
// session row is unrevoked and unexpired, read with the user's row in one query.
//
// The checks of the calls that arrive together are read together: a check joins the batch still
// waiting to be sent (sent once the event loop has read what the sockets hold: setImmediate), never
// one already sent. So each call's check is a read that starts after the call arrived, as if it had
// its own query, and nothing about a session outlives the query that read it: a logout or a lock
// committed anywhere before a call arrives refuses that call. Under load one statement serves
// dozens of calls, where a statement per call cost more than all else a call does (PGlite runs
// its queries in this thread; PostgreSQL parses, plans and answers each one).

type Waiter = { userId: number; nowSeconds: number; resolve: (user: UserRecord | undefined) => void; reject: (error: unknown) => void };
type Batch = Map<string, Waiter[]>;

const waiting = new WeakMap<Db, Batch>();

/** The user of the session `sessionId` if it is `userId`'s, unrevoked, unexpired at `nowSeconds` and bound to no API token. */
export function findSessionUser(db: Db, userId: number, sessionId: string, nowSeconds: number): Promise<UserRecord | undefined> {
  if (!isRowId(userId)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    let batch = waiting.get(db);
    if (!batch) {
      const fresh: Batch = new Map();
      waiting.set(db, (batch = fresh));
      setImmediate(() => void send(db, fresh));
    }
    const waiter = { userId, nowSeconds, resolve, reject };
    const same = batch.get(sessionId);
    if (same) same.push(waiter);
    else batch.set(sessionId, [waiter]);
  });
}

type SessionRow = UserRecord & { sessionId: string; sessionExpiresAt: number };

async function send(db: Db, batch: Batch): Promise<void> {
  // Checks from now on wait for the next batch.
  if (waiting.get(db) === batch) waiting.delete(db);
  let rows: SessionRow[];
  try {
    rows = (await db.executeQuery<SessionRow>({ ...sessionUsersQuery(db), parameters: [[...batch.keys()]] })).rows;
  } catch (error) {
    for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    return;
  }
  const bySession = new Map(rows.map((row) => [row.sessionId, row]));
  for (const [sessionId, waiters] of batch) {
    const row = bySession.get(sessionId);
    for (const waiter of waiters) {
      if (!row || row.id !== waiter.userId || row.sessionExpiresAt <= waiter.nowSeconds) waiter.resolve(undefined);
      else waiter.resolve(userOf(row));
    }
  }
}

/** The user's columns alone: the session's are the check's, not the caller's. */
function userOf({ sessionId: _id, sessionExpiresAt: _expires, ...user }: SessionRow): UserRecord {
  return user;
}

// Built and compiled once per database handle: Kysely's builder took longer than PGlite takes to
// run the query. One parameter, the batch's session ids.
const compiled = new WeakMap<Db, ReturnType<typeof compileSessionUsers>>();
const sessionUsersQuery = (db: Db) => compiled.get(db) ?? compiled.set(db, compileSessionUsers(db)).get(db)!;

function compileSessionUsers(db: Db) {
  const query = db
    .selectFrom('users')
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .select([...userColumns, 'sessions.id as sessionId', 'sessions.expires_at as sessionExpiresAt'])
    .where(sql<boolean>`sessions.id = any(${[]}::text[])`)
    .where('sessions.revoked_at', 'is', null)
    // A session bound to an API token (an exported token) calls the data-quality services only,
    // under that token's rules (server/http/meteredCaller.ts); it never opens the portal's own calls, so a
    // leaked integration token cannot manage tokens or users, nor skip its IP ranges and referrer.
    .where('sessions.token_id', 'is', null)
    .compile();
  if (query.parameters.length !== 1) throw new Error('findSessionUser: the query must have one parameter, the session ids');
  return query;
}

// ---- The sessions page: the caller's own signed-in browser sessions ----------------------------

export type LiveSessionRow = { id: string; userAgent: string | null; ip: string | null; createdAt: number; lastUsedAt: number };

/**
 * The user's signed-in browser sessions at `nowSeconds`: unrevoked, unexpired, fully signed in
 * (not half-way through a second step) and bound to no API token, the most recently used first.
 */
export function liveBrowserSessions(db: Db, userId: number, nowSeconds: number): Promise<LiveSessionRow[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent as userAgent', 'ip', 'created_at as createdAt', sql<number>`coalesce(last_used_at, created_at)`.as('lastUsedAt')])
    .where('user_id', '=', userId)
    .where('kind', '=', 'session')
    .where('token_id', 'is', null)
    .where('stage', '=', 'full')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowSeconds)
    .orderBy(sql`coalesce(last_used_at, created_at)`, 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Revokes the user's one session if it is still live; false when it was not (already ended, or not theirs). */
export async function revokeLiveSession(db: Db, userId: number, sessionId: string, nowSeconds: number): Promise<boolean> {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: nowSeconds })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
