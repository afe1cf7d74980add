import { createHash, randomInt } from 'node:crypto';
import type { Trx } from '../../db';
import { conflict } from '../../errors';
import type { Deps } from '../../kernel/deps';
import { secondsOf } from '../../platform/clock';
import { mailSecurityEvent, recordSecurityEvent } from './audit';
import type { UserRecord } from './queries';
import { factorsOf, lockFactorsOf, replaceRecoveryCodes } from './securityQueries';
import { confirmPassword } from './twoFactorPolicy';

// Recovery codes: ten single-use codes, usable instead of the second factor, shown once when made
// and kept only as SHA-256 hashes (each is 50 random bits: a hash is enough, no slow hashing).

/** Lower-case letters and digits without the ones easily misread (0 and o, 1 and l). */
const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
export const recoveryCodeCount = 10;

function newCode(): string {
  const part = () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${part()}-${part()}`;
}

/** The hash a code is kept as: of its ten characters, however it was typed (case, spaces and the dash forgiven). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

/** Makes ten new codes in place of the user's unused ones, in the caller's transaction; returns them as shown. */
export async function issueRecoveryCodes(trx: Trx, userId: number, nowSeconds: number): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newCode);
  await replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode), nowSeconds);
  return codes;
}

/** POST /security/recoverycodes: ten new codes (the old unused ones stop working), given the password. */
export async function newRecoveryCodes(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'mail' | 'log'>,
  caller: UserRecord,
  input: { password: string; ip: string },
): Promise<{ recoveryCodes: string[] }> {
  await confirmPassword(deps, caller, input);
  const now = secondsOf(deps.clock);
  const codes = await deps.db.transaction().execute(async (trx) => {
    await lockFactorsOf(trx, caller.id);
    const factors = await factorsOf(trx, caller.id);
    if (!factors.totp && factors.passkeys === 0) {
      throw conflict('Recovery codes stand in for a second factor: add an authenticator app or a passkey first');
    }
    const made = await issueRecoveryCodes(trx, caller.id, now);
    await recordSecurityEvent(trx, { userId: caller.id, kind: 'recovery.generated', ip: input.ip, at: now });
    return made;
  });
  await mailSecurityEvent(deps, caller.email, { kind: 'recovery.generated', ip: input.ip });
  return { recoveryCodes: codes };
}

/** "3 recovery codes left", for the audit trail and the mail. */
export const codesLeftText = (left: number) => `${left} recovery code${left === 1 ? '' : 's'} left`;
