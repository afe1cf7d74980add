import { notFound } from '@tanstack/react-router';
import { isStaffUser } from '../../../contract/shared/access';
import type { Portal } from '../../app/portal';

/** What the edit-user page needs: the member's access, services and (their own) privacy settings. */
export async function loadEditUser(portal: Portal, groupId: number, userId: number) {
  const api = portal.groupsApi;
  // Someone who is not one of the group's users is the unknown page, before any call about them (which
  // the server would refuse, adding an Error modal to the screen).
  const member = (await api.groupUsers(groupId)).find((m) => m.id === userId);
  if (!member) throw notFound();
  const [access, services, userServices] = await Promise.all([api.access(groupId, userId), api.services(), api.userServices(groupId, userId)]);
  // Privacy settings are the user's own: readable by them and by staff.
  const me = portal.session.getSnapshot().context.user;
  const privacy = me.id === userId || isStaffUser(me) ? await api.userPermissions(userId) : [];
  // Whether the user is locked, and their roles (staff never act on a higher role): staff read them
  // (and may lock); an owner is not shown the lock.
  const details = isStaffUser(me) && me.id !== userId ? await portal.users.getUser(userId) : null;
  return { groupId, access, services, userServices, member, privacy, locked: details?.locked ?? null, roles: details?.roles ?? null };
}

export type EditUserData = Awaited<ReturnType<typeof loadEditUser>>;
