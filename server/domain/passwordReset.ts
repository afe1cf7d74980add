import type { ResetBody } from '../../contract/users/schemas';
import { clearAccountFailures } from '../auth/throttle';
import { hashPassword } from '../auth/passwords';
import { badRequest } from '../errors';
import { consumeCode, issueCode } from './codes';
import { secondsOf, type DomainDeps } from './deps';
import { resetMail } from './emails';
import { findUserByName } from './users';

export const resetCodeSeconds = 3600;
export const resetRequestedMessage = 'If the user exists, a reset code has been sent';
// Each code allows a few guesses; capping codes per hour caps the guesses an attacker gets.
const maxResetCodesPerHour = 5;

/** Emails a reset code when the user exists; the caller answers the same either way. */
export async function requestPasswordReset(deps: DomainDeps, userName: string, baseUrl: string): Promise<void> {
  const user = await findUserByName(deps.db, userName);
  if (!user) return;
  const now = secondsOf(deps.clock);
  const code = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ count: number }>(
      "select count(*) as count from user_codes where user_id = $1 and purpose = 'reset' and created_at > $2",
      [user.id, now - 3600],
    );
    return rows[0].count >= maxResetCodesPerHour ? null : issueCode(tx, user.id, 'reset', resetCodeSeconds, now);
  });
  if (code) await deps.mailer.send(resetMail(user.email, code, baseUrl, user.userName));
}

export async function resetPassword(deps: DomainDeps, body: ResetBody): Promise<void> {
  const invalid = () => badRequest('Invalid or expired reset code');
  const user = await findUserByName(deps.db, body.userId);
  if (!user) throw invalid();
  const now = secondsOf(deps.clock);
  // The outcome is returned, not thrown, so a wrong try's attempt count is committed.
  const outcome = await deps.db.transaction((tx) => consumeCode(tx, user.id, 'reset', body.activationCode, now));
  if (outcome !== 'ok') throw invalid();
  // Hashed only after the code checks out, so guessing codes cannot make the server hash at will.
  const hash = await hashPassword(body.password);
  await deps.db.transaction(async (tx) => {
    await tx.query('update users set password_hash = $2, update_timestamp = $3 where id = $1', [user.id, hash, now]);
    await clearAccountFailures(tx, user.userName);
  });
}
