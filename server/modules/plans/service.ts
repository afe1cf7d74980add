import type { Deps } from '../deps';
import { authoriseGroup, hasChildren, type Actor } from '../access/index';
import { holdsSubscriptions } from './accountQueries';

// The account questions of the plans manager (spec section 7) that concern the account as a whole;
// the catalogue, subscriptions, bundles and plan lines have their own files.

/** GET /account/candelete: true when nothing hangs below the account: no groups, no subscriptions (read access needed). */
export async function canDeleteAccount(deps: Pick<Deps, 'db'>, actor: Actor, input: { accountId: number }): Promise<boolean> {
  await authoriseGroup(deps.db, actor, input.accountId, 'read');
  return !(await hasChildren(deps.db, input.accountId)) && !(await holdsSubscriptions(deps.db, input.accountId));
}
