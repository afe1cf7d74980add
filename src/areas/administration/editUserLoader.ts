import { notFound } from '@tanstack/react-router';
import { isStaffUser } from '../../../contract/shared/access';
import type { Portal } from '../../app/portal';

/** What the edit-user page needs: the member's access, services and (their own) privacy settings. */
export async function loadEditUser(portal: Portal, groupId: number, userId: number) {
  const api = portal.groupsApi;
  const [access, services, userServices, members] = await Promise.all([
    api.access(groupId, userId),
    api.services(),
    api.userServices(groupId, userId),
    api.groupUsers(groupId),
  ]);
  const member = members.find((m) => m.id === userId);
  if (!member) throw notFound();
  // Privacy settings are the user's own: readable by them and by staff.
  const me = portal.session.getSnapshot().context.user;
  const privacy = me.id === userId || isStaffUser(me) ? await api.userPermissions(userId) : [];
  return { groupId, access, services, userServices, member, privacy };
}

export type EditUserData = Awaited<ReturnType<typeof loadEditUser>>;
