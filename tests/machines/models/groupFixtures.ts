import type { Group } from '../../../contract/groups/entities';

/** A group as the server sends it, with nested children sorted by id. */
export function group(id: number, type: Group['type'], children: Group[] = [], over: Partial<Group> = {}): Group {
  return {
    id,
    parentId: null,
    name: `${type} ${id}`,
    type,
    subtype: null,
    territory: 'uk',
    pendingOwnership: false,
    isMember: false,
    isOwner: true,
    isManager: false,
    creationUserId: null,
    updateUserId: null,
    activityTimestamp: null,
    createTimestamp: 0,
    updateTimestamp: 0,
    children: children.map((c) => ({ ...c, parentId: id })),
    ...over,
  };
}

// A partner with two organisations; the first has two accounts (one not owned), the second one.
export const ownedAccount = group(111, 'account');
export const memberAccount = group(112, 'account', [], { isOwner: false, isMember: true });
export const retail = group(11, 'organisation', [ownedAccount, memberAccount]);
export const wholesale = group(12, 'organisation', [group(121, 'account')]);
export const partner = group(1, 'partner', [retail, wholesale], { subtype: 'corporate' });
/** A lone organisation with a single account. */
export const soloAccount = group(211, 'account', [], { territory: 'australia' });
export const solo = group(21, 'organisation', [soloAccount]);
export const trees: Group[] = [partner, solo];
/** A customer's group a staff user opened earlier: not in the staff user's own list. */
export const customerAccount = group(911, 'account', [], { isOwner: false });
export const customerOrganisation = { ...group(91, 'organisation', [customerAccount], { isOwner: false }) };
