import { randomBytes } from 'node:crypto';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AuthUser } from '../../../contract/users/entities';
import { unauthorised } from '../../errors';
import type { Deps } from '../../kernel/deps';
import { secondsOf } from '../../platform/clock';
import { findPasskey } from './passkeyQueries';
import { challengeSeconds, checkAssertion, credentialIdOf, recordUse, relyingParty, spendChallenge, storeChallenge, type Options, type SecurityDeps } from './passkeys';
import { deleteExpiredSessions, findUserById, insertCheckedSession, touchUserActivity } from './queries';
import { issueSession, permittedAccountId } from './service';
import { reserveLoginTry, settleLogin } from './throttle';

// Signing in with a passkey alone (usernameless): the browser offers any passkey it holds for this
// host, and the answer opens a full session of its owner. The ceremony's parts (the relying party,
// challenges, the check of an answer) are ./passkeys.ts's.

/** GET /auth/passkey: a challenge for any passkey of this host (the browser offers the user's own). */
export async function passkeyLoginOptions(deps: SecurityDeps, input: { origin: string }): Promise<Options> {
  const party = relyingParty(deps, input.origin);
  // The passkey is the only factor: the authenticator must verify the user (PIN, fingerprint, face).
  const options = await generateAuthenticationOptions({ rpID: party.rpID, userVerification: 'required', timeout: challengeSeconds * 1000 });
  const challengeId = await storeChallenge(deps, options.challenge, { purpose: 'login' });
  return { challengeId, options: { ...options } };
}

const notRegistered = 'This passkey is not registered with this portal (it may have been removed)';

/** Failures of usernameless sign-in have no user name: they count against the address alone. */
const passkeySource = (ip: string) => ({ userName: `(passkey from ${ip})`, ip });

/**
 * PUT /auth/passkey: the browser's answer opens a full session of the passkey's owner. A passkey is
 * something the user has, verified by the authenticator, so no second step follows it.
 */
export async function passkeyLogin(
  deps: SecurityDeps & Pick<Deps, 'jwt'>,
  input: { challengeId: string; response: Record<string, unknown>; origin: string; ip: string; userAgent?: string | null; recycleTime?: number; accId?: number },
): Promise<AuthUser> {
  const { db } = deps;
  const now = secondsOf(deps.clock);
  const source = passkeySource(input.ip);
  const ticket = await reserveLoginTry(db, deps.config.throttle, source, now);
  const challenge = await spendChallenge(deps, input.challengeId, 'login', {});
  const passkey = await findPasskey(db, credentialIdOf(input.response));
  if (!passkey) throw unauthorised(notRegistered);
  const handle = (input.response.response as { userHandle?: unknown } | undefined)?.userHandle;
  if (typeof handle === 'string' && handle !== '' && isoBase64URL.toUTF8String(handle) !== String(passkey.user_id)) {
    throw unauthorised('This passkey answer names another account than the passkey belongs to');
  }
  const counter = await checkAssertion(deps, { challenge, passkey, response: input.response, origin: input.origin, requireUserVerification: true });
  const user = await findUserById(db, passkey.user_id);
  if (!user) throw unauthorised(notRegistered);
  await settleLogin(db, ticket, source);
  if (user.locked) throw unauthorised('This user is locked');
  await recordUse(deps, passkey, counter);

  const recycleSeconds = input.recycleTime ?? deps.config.runtime.sessionRecycleSeconds;
  const lifetimes = { recycleSeconds, expirySeconds: recycleSeconds };
  await touchUserActivity(db, user.id, now);
  await deleteExpiredSessions(db, now);
  const sessionId = randomBytes(18).toString('base64url');
  const session = { id: sessionId, kind: 'session', created_at: now, expires_at: now + lifetimes.expirySeconds,
    ip: input.ip, user_agent: input.userAgent ?? null, last_used_at: now } as const;
  // Locked since it was read: refused as if the lock came first.
  const made = await db.transaction().execute((trx) => insertCheckedSession(trx, user, session));
  if (made === 'locked') throw unauthorised('This user is locked');
  if (made === 'changed') throw unauthorised('The account changed while signing in: try again');
  return issueSession(deps, user, { ...lifetimes, sessionId }, await permittedAccountId(deps, user, input.accId), now);
}
