// The group tree (partners, organisations, accounts), its memberships and invitations, and the
// server's authorisation: a caller's level on a group, asked of contract/shared/access.ts.
export {
  assertAdmin, assertMay, assertMayChangeLevel, assertOnUser, assertPartnerAllows, assertStaff, assertUserMay, authoriseGroup, groupNotFound, isRowId,
  type Actor, type AuthorisedGroup,
} from './access';
export { createInviteTokens, type InviteTokens } from './inviteTokens';
export {
  findGroupFacts, groupFacts, groupsOwnedBy, hasChildren, hasOtherOwner, levels, membersUp, partnerSubtypeOf, payerAccounts, putGroupUser,
  removeMemberships, subtreeIds, type GroupLevel,
} from './queries';
export { groupTrees } from './service';
