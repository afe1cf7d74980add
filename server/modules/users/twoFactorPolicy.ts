import type { SecondFactorMethod } from '../../../contract/security/entities';
import { isStaffUser } from '../../../contract/shared/access';
import { badRequest } from '../../errors';
import type { Deps } from '../../kernel/deps';
import { secondsOf } from '../../platform/clock';
import { authoriseGroup, subtreeIds, type Caller } from '../access/index';
import { mailSecurityEvent, recordSecurityEvent } from './audit';
import { verifyPassword } from './passwords';
import type { UserRecord as SessionUser } from './queries';
import { countMembersWithout, factorsOf, groupsRequiringOf, setGroupRequirement, type SessionRowStage } from './securityQueries';
import { reserveLoginTry, settleLogin } from './throttle';

// Who must sign in with a second factor: a member of a group whose owners require it (the group
// itself or any group above it), and staff when the portal runs in production. Owners of a group set
// its requirement here.

/** The ways `userId` can finish signing in. */
export async function secondFactorsOf(deps: Pick<Deps, 'db'>, userId: number): Promise<SecondFactorMethod[]> {
  const factors = await factorsOf(deps.db, userId);
  return [
    ...(factors.totp ? (['totp'] as const) : []),
    ...(factors.passkeys > 0 ? (['passkey'] as const) : []),
    ...(factors.recoveryCodes > 0 ? (['recovery'] as const) : []),
  ];
}

/**
 * Where a login whose password was right leaves its session: at the second step when the user holds
 * an authenticator app or a passkey, sent to enrol when two-factor is required of them and they hold
 * neither, else signed in ('full').
 */
export async function loginStageOf(deps: Pick<Deps, 'db' | 'config'>, user: Caller): Promise<{ stage: SessionRowStage; secondFactors?: SecondFactorMethod[] }> {
  const secondFactors = await secondFactorsOf(deps, user.id);
  if (secondFactors.includes('totp') || secondFactors.includes('passkey')) return { stage: 'secondFactor', secondFactors };
  return (await requirementOf(deps, user)).required ? { stage: 'enrol' } : { stage: 'full' };
}

export type Requirement = { required: boolean; requiredBy: string[] };

/** Whether two-factor is required of the user, and by which groups (names). */
export async function requirementOf(deps: Pick<Deps, 'db' | 'config'>, user: Caller): Promise<Requirement> {
  const requiredBy = await groupsRequiringOf(deps.db, user.id);
  const staff = deps.config.staffTwoFactor && isStaffUser(user);
  return { required: staff || requiredBy.length > 0, requiredBy };
}

/** The explanation of a requirement, for the refusals that keep a required user's last factor. */
export function requirementReason(requirement: Requirement): string {
  if (requirement.requiredBy.length > 0) return `${requirement.requiredBy.join(', ')} ${requirement.requiredBy.length === 1 ? 'requires' : 'require'} two-factor sign-in`;
  return 'Staff accounts must use two-factor sign-in';
}

type GroupTwoFactor = { required: boolean; membersWithout: number };

async function groupTwoFactorOf(deps: Pick<Deps, 'db'>, groupId: number, required: boolean): Promise<GroupTwoFactor> {
  return { required, membersWithout: await countMembersWithout(deps.db, await subtreeIds(deps.db, groupId)) };
}

/** GET /security/group: the group's requirement and how many of its members (and those below) have no second factor; owners only. */
export async function getGroupTwoFactor(deps: Pick<Deps, 'db'>, caller: Caller, input: { id: number }): Promise<GroupTwoFactor> {
  const group = await authoriseGroup(deps.db, caller, input.id, 'own');
  const row = await deps.db.selectFrom('groups').select('require_two_factor').where('id', '=', group.id).executeTakeFirstOrThrow();
  return groupTwoFactorOf(deps, group.id, row.require_two_factor);
}

/**
 * PUT /security/group: owners require two-factor of everyone in the group and the groups below it,
 * or stop requiring it. A change is recorded on the owner's trail and mailed to them.
 */
export async function setGroupTwoFactor(
  deps: Pick<Deps, 'db' | 'clock' | 'mail' | 'log'>,
  caller: Caller & { email: string },
  input: { query: { id: number }; body: { required: boolean }; ip: string },
): Promise<GroupTwoFactor> {
  const { required } = input.body;
  const now = secondsOf(deps.clock);
  const kind = required ? 'group.twoFactorRequired' : 'group.twoFactorOptional';
  const changed = await deps.db.transaction().execute(async (trx) => {
    const group = await authoriseGroup(trx, caller, input.query.id, 'own', 'update');
    const row = await trx.selectFrom('groups').select(['name', 'require_two_factor']).where('id', '=', group.id).executeTakeFirstOrThrow();
    if (row.require_two_factor === required) return null;
    await setGroupRequirement(trx, group.id, required);
    await recordSecurityEvent(trx, { userId: caller.id, kind, detail: row.name, ip: input.ip, at: now });
    return row.name;
  });
  if (changed !== null) await mailSecurityEvent(deps, caller.email, { kind, detail: changed, ip: input.ip });
  return groupTwoFactorOf(deps, input.query.id, required);
}

export const wrongPassword = 'The password is not correct';

/**
 * A removal or new recovery codes is confirmed with the account's password (a stolen session alone
 * cannot weaken the account), checked and counted like a login's: wrong tries count toward the
 * same limits (429), a right one settles its try.
 */
export async function confirmPassword(deps: Pick<Deps, 'db' | 'clock' | 'config'>, caller: SessionUser, input: { password: string; ip: string }): Promise<void> {
  const source = { userName: caller.userName, ip: input.ip };
  const ticket = await reserveLoginTry(deps.db, deps.config.throttle, source, secondsOf(deps.clock));
  if (!(await verifyPassword(caller.passwordHash, input.password))) throw badRequest(wrongPassword);
  await settleLogin(deps.db, ticket, source);
}
