// The group tree (partners, organisations, accounts): creating and changing groups, their members
// and invitations. Authorisation and the tree's reads are the access module's.
export { createInviteTokens, type InviteTokens } from './inviteTokens';
export { putGroupUser } from './queries';
export { groupTrees } from './service';
