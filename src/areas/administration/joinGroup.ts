import type { Group } from '../../../contract/groups/entities';
import { findGroup } from '../../../machines/groupTree';
import type { Portal } from '../../app/portal';
import { refreshGroups } from '../../shared/refreshGroups';

/**
 * Accepts an invitation and moves the user into the group they joined: their groups load again (the
 * account bar and the switcher list it) and the group selection's own select event picks it, so an
 * organisation brings its first account and an account its organisation, as a pick in the switcher.
 */
export async function joinGroup(portal: Pick<Portal, 'groups' | 'groupsApi'>, jwt: string): Promise<Group> {
  const joined = await portal.groupsApi.acceptInvite(jwt);
  await refreshGroups(portal.groups);
  // The tree's copy, which knows its parent and children (the answer of the call does not).
  const inTree = findGroup(portal.groups.getSnapshot().context.groups, joined.id);
  if (inTree) portal.groups.send({ type: 'group.select', group: inTree });
  return joined;
}
