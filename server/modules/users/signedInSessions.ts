import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import type { SignedInSession } from '../../../contract/security/entities';
import { notFound } from '../../errors';
import type { Deps } from '../../kernel/deps';
import { secondsOf } from '../../platform/clock';
import { mailSecurityEvent, recordSecurityEvent } from './audit';
import { revokeSessions } from './queries';
import type { SessionUser } from './service';
import { liveBrowserSessions, revokeLiveSession, type LiveSessionRow } from './sessionQueries';

// The sessions page of My Settings: where the caller is signed in (their browser sessions, each with
// the device its user agent names, its IP address, when it started and was last used), and signing
// one of them, or every other one, out. A session is named by a handle made from its id, never by the
// id itself, which is what a token carries. Exported API tokens are sessions too, but they are shown
// and ended on the tokens page, not here.

type SessionsDeps = Pick<Deps, 'db' | 'clock' | 'mail' | 'log'>;
/** The caller's own session (the token's) and where the call came from. */
type Here = { sessionId: string; ip: string };

/** The opaque handle of a session: base64url of the SHA-256 of its id, first 22 characters (132 bits). */
export function sessionHandle(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);
}

export const unknownDevice = 'Unknown device';

/** "Chrome on Windows", "Safari on iPhone", "Firefox on Linux" from a user agent; "Unknown device" when it names neither. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent?.trim()) return unknownDevice;
  const { browser, os, platform } = Bowser.parse(userAgent);
  // On Apple's phones and tablets the model says more than "iOS".
  const system = platform.vendor === 'Apple' && platform.model ? platform.model : os.name;
  if (browser.name && system) return `${browser.name} on ${system}`;
  return browser.name || (system ? `A browser on ${system}` : unknownDevice);
}

const sessionNotFound = () => notFound('Session not found');

function toSignedInSession(row: LiveSessionRow, currentId: string): SignedInSession {
  return {
    id: sessionHandle(row.id),
    device: deviceOf(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    current: row.id === currentId,
  };
}

/** GET /sessions: the caller's signed-in browser sessions, the most recently used first, their own marked current. */
export async function listSessions(deps: Pick<Deps, 'db' | 'clock'>, caller: SessionUser, here: Pick<Here, 'sessionId'>): Promise<SignedInSession[]> {
  const rows = await liveBrowserSessions(deps.db, caller.id, secondsOf(deps.clock));
  return rows.map((row) => toSignedInSession(row, here.sessionId));
}

/**
 * DELETE /sessions ?id: signs out the caller's session with that handle, at once (its token is
 * refused from the next call on). Another user's handle, or one already ended, is "not found".
 * The caller's own session may be ended too: that is logging out.
 */
export async function endSession(deps: SessionsDeps, caller: SessionUser, input: Here & { id: string }): Promise<{ msg: string }> {
  const now = secondsOf(deps.clock);
  const row = (await liveBrowserSessions(deps.db, caller.id, now)).find((session) => sessionHandle(session.id) === input.id);
  if (!row) throw sessionNotFound();
  const event = { kind: 'session.ended', detail: deviceOf(row.userAgent), ip: input.ip } as const;
  const ended = await deps.db.transaction().execute(async (trx) => {
    // Ended meanwhile by another call: that call told the user, this one has nothing to end.
    if (!(await revokeLiveSession(trx, caller.id, row.id, now))) return false;
    await recordSecurityEvent(trx, { userId: caller.id, ...event, at: now });
    return true;
  });
  if (!ended) throw sessionNotFound();
  await mailSecurityEvent(deps, caller.email, event);
  return { msg: row.id === input.sessionId ? 'You are signed out' : `${event.detail} is signed out` };
}

/** DELETE /sessions/others: signs out every browser session of the caller but their own; tokens are left alone. */
export async function endOtherSessions(deps: SessionsDeps, caller: SessionUser, here: Here): Promise<{ msg: string; ended: number }> {
  const now = secondsOf(deps.clock);
  const ended = await deps.db.transaction().execute(async (trx) => {
    const count = await revokeSessions(trx, caller.id, now, { except: here.sessionId, includeApi: false });
    if (count > 0) await recordSecurityEvent(trx, { userId: caller.id, kind: 'sessions.endedOthers', detail: sessionsText(count), ip: here.ip, at: now });
    return count;
  });
  if (ended === 0) return { msg: 'There were no other sessions to sign out', ended };
  await mailSecurityEvent(deps, caller.email, { kind: 'sessions.endedOthers', detail: sessionsText(ended), ip: here.ip });
  return { msg: `${sessionsText(ended)} signed out`, ended };
}

const sessionsText = (count: number) => (count === 1 ? '1 session' : `${count} sessions`);
