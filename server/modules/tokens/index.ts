// API tokens of an account: issue, list, revoke, export (a signed-in copy for a user); the exports
// that end when a user's right to them goes.
export { endExportsNoLongerAllowed } from './export';
