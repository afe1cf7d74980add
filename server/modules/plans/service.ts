import type { Deps } from '../deps';
import { canDeleteAccount as canDeleteGroup, type Actor } from '../groups/index';

// The account and plan manager (spec section 7). Plans, subscriptions, bundles and payments come
// with their issues; for now an account is a group of the tree.

/** GET /account/candelete: true when nothing hangs below the account (read access needed). */
export const canDeleteAccount = (deps: Pick<Deps, 'db'>, actor: Actor, input: { accountId: number }) => canDeleteGroup(deps, actor, input);
