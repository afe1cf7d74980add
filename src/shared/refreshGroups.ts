import { waitFor } from 'xstate';
import type { Portal } from '../app/portal';
import { groupsSettled } from '../routing/guards';

/**
 * Groups changed on the server (created, joined): load the user's groups again and wait until the
 * selection is settled, so the page that follows shows them.
 */
export async function refreshGroups(groups: Portal['groups']) {
  groups.send({ type: 'groups.refresh' });
  return waitFor(groups, groupsSettled, { timeout: 30_000 });
}
