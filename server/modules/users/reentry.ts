import type { Deps } from '../../kernel/deps';
import { forbidden, unauthorised } from '../../errors';
import { invalidCredentials, validateFirst } from '../../errors';
import { secondsOf } from '../../platform/clock';
import { spendVerifyTime, verifyPassword } from './passwords';
import { findUserByName, type UserRecord } from './queries';
import { reserveLoginTry, settleLogin } from './throttle';

/**
 * A user name and password sent again with basic credentials before a sensitive act (enabling a
 * subscription, exporting an API token: spec section 5), checked exactly as a login is: the try is
 * counted before the password is looked at, so it cannot be used to guess one; a wrong or missing
 * password is 401 "Invalid user name or password", a locked user 401, an unvalidated one 403.
 */
export async function userByReentry(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  credentials: { userName: string; password: string } | null,
  ip: string,
): Promise<UserRecord> {
  if (!credentials) throw unauthorised(invalidCredentials);
  const { userName, password } = credentials;
  const source = { userName, ip };
  const ticket = await reserveLoginTry(deps.db, deps.config.throttle, source, secondsOf(deps.clock));
  const user = await findUserByName(deps.db, userName);
  const passwordOk = user ? await verifyPassword(user.passwordHash, password) : await spendVerifyTime(password).then(() => false);
  if (!user || !passwordOk) throw unauthorised(invalidCredentials);
  await settleLogin(deps.db, ticket, source);
  if (user.locked) throw unauthorised('This user is locked');
  if (!user.validated) throw forbidden(validateFirst);
  return user;
}
