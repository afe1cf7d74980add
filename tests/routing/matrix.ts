import type { Role } from '../../contract/shared/roles';
import type { AccessLevel } from '../../contract/shared/access';
import type { AuthUser } from '../../contract/users/entities';
import type { Group } from '../../contract/groups/entities';
import type { Territory } from '../../contract/shared/territory';
import { groupSelectionMachine } from '../../machines/groupSelection';
import { sessionMachine } from '../../machines/session';
import { group } from '../machines/models/groupFixtures';

// Every role x access level x partner subtype x territory the spec names (section 6): the session
// and group-selection snapshots of each, for the guard and menu tests.

export const roles: Role[] = ['account', 'sales', 'admin', 'super'];
export const levels: Array<AccessLevel | 'none'> = ['owner', 'sudoowner', 'member', 'none'];
export const partnerKinds = ['none', 'plain', 'corporate', 'referrer'] as const;
export const territoryList: Territory[] = ['uk', 'australia'];

export function snapshots(role: Role, level: AccessLevel | 'none', partnerKind: (typeof partnerKinds)[number], territory: Territory) {
  const owner = level === 'owner' || level === 'sudoowner';
  const account = group(111, 'account', [], { territory, isOwner: owner, isMember: level === 'member' });
  const organisation = group(11, 'organisation', [account], { isOwner: owner, isMember: level === 'member' });
  const partner: Group | null =
    partnerKind === 'none' ? null : group(1, 'partner', [organisation], { subtype: partnerKind === 'plain' ? null : partnerKind, isOwner: owner });
  const user: AuthUser = { jwt: 'j', id: 1, userName: 'u', recycleDate: 2e9, roles: [role], territory: 'uk', validated: true };
  const session = sessionMachine.resolveState({ value: 'authenticated', context: { user, accountId: undefined } });
  const groups = groupSelectionMachine.resolveState({
    value: 'ready',
    context: { groups: [partner ?? organisation], selection: { partner, organisation, account }, staff: role !== 'account', saved: null },
  });
  return { session, groups, owner, staff: role !== 'account', member: level === 'member' };
}

export const all = roles.flatMap((role) =>
  levels.flatMap((level) => partnerKinds.flatMap((partner) => territoryList.map((territory) => ({ role, level, partner, territory })))),
);

