import { badRequest } from '../errors';
import { consumeCode, issueCode, type CodeCheck } from './codes';
import { secondsOf, type DomainDeps } from './deps';
import { validationMail } from './emails';
import { requireUser, validationCodeSeconds } from './users';

/** Sends a new validation code (the previous one stops working). */
export async function resendValidationCode(deps: DomainDeps, userId: number, baseUrl: string): Promise<void> {
  const user = await requireUser(deps.db, userId);
  if (user.validated) throw badRequest('This user is already validated');
  const now = secondsOf(deps.clock);
  const code = await deps.db.transaction((tx) => issueCode(tx, user.id, 'validate', validationCodeSeconds, now));
  await deps.mailer.send(validationMail(user.email, code, baseUrl));
}

const failures: Record<Exclude<CodeCheck, 'ok'>, string> = {
  invalid: 'Invalid validation code',
  expired: 'The validation code has expired. Request a new one.',
  exhausted: 'Too many wrong codes. Request a new one.',
};

export async function validateAccount(deps: DomainDeps, userId: number, code: string): Promise<void> {
  const user = await requireUser(deps.db, userId);
  if (user.validated) return;
  const now = secondsOf(deps.clock);
  // The outcome is returned, not thrown, so a wrong try's attempt count is committed.
  const outcome = await deps.db.transaction(async (tx) => {
    const check = await consumeCode(tx, user.id, 'validate', code, now);
    if (check === 'ok') {
      await tx.query('update users set validated = true, update_timestamp = $2 where id = $1', [user.id, now]);
    }
    return check;
  });
  if (outcome !== 'ok') throw badRequest(failures[outcome]);
}
