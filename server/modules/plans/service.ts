import type { Deps } from '../../kernel/deps';
import { authoriseGroup, hasChildren, type Caller } from '../access/index';
import { holdsSubscriptions } from './accountQueries';

// The account questions of the plans manager (spec section 7) that concern the account as a whole;
// the catalogue, subscriptions, bundles and plan lines have their own files.

/** GET /account/candelete: true when nothing hangs below the account: no groups, no subscriptions (read access needed). */
export async function canDeleteAccount(deps: Pick<Deps, 'db'>, caller: Caller, input: { accountId: number }): Promise<boolean> {
  await authoriseGroup(deps.db, caller, input.accountId, 'read');
  return !(await hasChildren(deps.db, input.accountId)) && !(await holdsSubscriptions(deps.db, input.accountId));
}
