import { notFound } from '@tanstack/react-router';
import { can, isStaffUser } from '../../../contract/shared/access';
import { partnerApi } from '../../api/leads';
import type { Portal } from '../../app/portal';
import { BlockedError } from '../../routing/blocked';

// What the administration routes load (their route files import this lazily). Account administration
// (/administration/account/*), organisation administration (/administration/organisation/*) and
// partner administration (/partner/administration/*) are the same pages over a different group: the
// selected account (or organisation while it has none), the selected organisation, or the selected
// partner.

export type AdminScopeName = 'account' | 'organisation' | 'partner';

/** The group being administered: the selected account (else organisation), organisation or partner. */
function administeredGroupId(portal: Portal, scope: AdminScopeName): number {
  const { partner, account, organisation } = portal.groups.getSnapshot().context.selection;
  if (scope === 'partner') {
    if (!partner) throw new BlockedError('partnersOnly');
    return partner.id;
  }
  const group = scope === 'organisation' ? organisation : (account ?? organisation);
  if (!group) throw new BlockedError('account');
  return group.id;
}

/** The layout route of the group's pages: the group and its users, for all of them. */
export async function loadAdminGroup(portal: Portal, scope: AdminScopeName) {
  const id = administeredGroupId(portal, scope);
  const [group, users] = await Promise.all([portal.groupsApi.group(id), portal.groupsApi.groupUsers(id)]);
  if (!group) throw new BlockedError('account');
  // Whether its members must use two-factor sign-in: the organisation's owners decide, so only they read it.
  const owns = scope === 'organisation' && can(portal.session.getSnapshot().context.user, group, 'own');
  const twoFactor = owns ? await portal.security.groupTwoFactor(id) : null;
  return { group, users, twoFactor };
}

export type AdminData = Awaited<ReturnType<typeof loadAdminGroup>>;

/** /partner/administration: the subscriptions of the partner's client accounts (GET /partner/accountinfo). */
export async function loadPartnerAccounts(portal: Portal) {
  return { accounts: await partnerApi(portal.api).accountInfo(administeredGroupId(portal, 'partner')) };
}

/** What the edit-user page needs: the member's access, services and (their own) privacy settings. */
export async function loadEditUser(portal: Portal, scope: AdminScopeName, userId: number) {
  const groupId = administeredGroupId(portal, scope);
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

/** /acceptinvite ?jwt: what the invitation offers, and whether it can still be accepted, before any click. */
export async function loadInvitation(portal: Portal, jwt: string | undefined) {
  return jwt ? portal.groupsApi.invitation(jwt) : null;
}
