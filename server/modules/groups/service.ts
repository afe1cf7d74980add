// The groups module's services, one file per concern: the tree, a group's status, its members
// (invitations are in ./invitations.ts).
export * from './serviceTree';
export * from './serviceStatus';
export * from './serviceMembers';
