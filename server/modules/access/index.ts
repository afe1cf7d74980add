// Who may do what on the server: the caller's level on a group, read from the group tree, asked of
// contract/shared/access.ts; the refusals become 403s here and nowhere else. It imports no other
// module, so every module may ask it.
export {
  assertAdmin, assertMay, assertMayActOn, assertMayChangeLevel, assertMayLock, assertOnUser, assertPartnerAllows, assertStaff, assertUserMay, authoriseGroup, groupNotFound, isRowId,
  type Caller, type AuthorisedGroup,
} from './rules';
export {
  ancestors, findGroupFacts, groupFacts, groupsOwnedBy, hasChildren, hasOtherOwner, levels, membersUp, partnerSubtypeOf, payerAccounts, shareLockChain,
  subtreeIds, type GroupLevel,
} from './queries';
export { accountNotFound, requireAccountUnder, requireOrganisation } from './groupKinds';
