// Who may do what on a group (spec section 6), with no zod: the server's authorisation, the route
// guards, the menus and the views all ask here.

import { blockedMessages } from './messages';
import { isStaff } from './roles';

export const groupTypes = ['partner', 'organisation', 'account'] as const;
export type GroupType = (typeof groupTypes)[number];
export const accessLevels = ['owner', 'sudoowner', 'member', 'manager'] as const;
export type AccessLevel = (typeof accessLevels)[number];

export const accessLevelLabels: Record<AccessLevel, string> = {
  owner: 'Owner',
  sudoowner: 'Sudo owner',
  member: 'Member',
  manager: 'Manager',
};
export const groupTypeLabels: Record<GroupType, string> = {
  partner: 'Partner',
  organisation: 'Organisation',
  account: 'Account',
};

// ---- Levels ----------------------------------------------------------------------------------
// A user's level on a group holds for every group below it (the owner of a partner owns its
// organisations and their accounts); the strongest level on the way up counts.

const rank: Record<AccessLevel, number> = { member: 1, manager: 2, sudoowner: 3, owner: 4 };

export function strongest(a: AccessLevel | null, b: AccessLevel | null): AccessLevel | null {
  if (!a) return b;
  if (!b) return a;
  return rank[a] >= rank[b] ? a : b;
}

/** owner and sudoowner administer a group. */
export const ownsWith = (level: AccessLevel | null) => level === 'owner' || level === 'sudoowner';

/**
 * The caller's flags on a group (spec section 3, Group), from their effective level; isPayer when
 * they may pay for it (an owner, or an authorised payment user who belongs to it).
 */
export function flagsOf(level: AccessLevel | null, paymentUser = false) {
  return { isOwner: ownsWith(level), isMember: level !== null, isManager: level === 'manager', isPayer: ownsWith(level) || (level !== null && paymentUser) };
}

// ---- Who may do what ---------------------------------------------------------------------------

/** Whoever asks: the signed-in user, in the SPA's session or as the caller of a server call. */
export type AccessUser = { readonly roles: readonly string[] };

/**
 * A group as the asker sees it: its flags (SPA) or the asker's effective level (server); for an
 * account, whether the asker is one of its authorised payment users (payer: spec section 6,
 * "payments have authorised users per account").
 */
export type GroupAccess =
  | { readonly isOwner: boolean; readonly isMember: boolean; readonly isPayer?: boolean }
  | { readonly level: AccessLevel | null; readonly payer?: boolean };

/** Staff (sales, admin, super): the one definition is isStaff of ./roles. */
export const isStaffUser = (user: AccessUser) => isStaff(user.roles);
export const isAdminUser = (user: AccessUser) => user.roles.some((r) => r === 'admin' || r === 'super');
export const isSuperUser = (user: AccessUser) => user.roles.includes('super');

/** What a user's roles must allow, whatever the group: staff (sales, admin, super), admin (admin, super), super. */
export type RoleNeed = 'staff' | 'admin' | 'super';
/** May `user`, by their roles alone, do what needs `need`? */
export function hasRoleFor(user: AccessUser, need: RoleNeed): boolean {
  if (need === 'staff') return isStaffUser(user);
  return need === 'admin' ? isAdminUser(user) : isSuperUser(user);
}

export type GroupNeed =
  /** Any access level, or staff (they read every group). */
  | 'read'
  /** Administer: owner or sudoowner, or staff, who act as owner on every group (spec section 6, ownerOnly). */
  | 'manage'
  /** Owner or sudoowner; staff are not enough (ownerOnly with disallowNonOwner: buying, token export). */
  | 'own'
  /** Owner or member of the group itself or above it (spec section 6, groupUsersOnly). */
  | 'use'
  /** Staff only (sales, admin, super). */
  | 'staff'
  /** admin or super only. */
  | 'admin'
  /**
   * Keep the card that pays the account's renewals (save or replace it) and read its billing:
   * owners and the account's authorised payment users. Buying stays with owners ('own').
   */
  | 'pay'
  /** Read the account's billing history and open its invoices: as 'pay', and staff. */
  | 'billing'
  /**
   * Call every data-quality service of an account without having been given them (PUT
   * /userservices): owners and sudoowners, and staff; other users get the services they were given.
   */
  | 'every service';

/** Why a user may not do something, in the server's words. */
export const accessRefusals = {
  noAccess: 'You do not have access to this group',
  ownersOnly: 'Only an owner of this group can do this',
  staffOnly: 'Only staff can do this',
  adminOnly: 'Only admin and super can do this',
  payersOnly: 'Only an owner or an authorised payment user of this account can do this',
} as const;
export type AccessRefusal = keyof typeof accessRefusals;

function owns(group: GroupAccess): boolean {
  return 'level' in group ? ownsWith(group.level) : group.isOwner;
}
function pays(group: GroupAccess): boolean {
  return owns(group) || ('level' in group ? group.payer === true : group.isPayer === true);
}
function belongs(group: GroupAccess): boolean {
  return 'level' in group ? group.level !== null : group.isMember || group.isOwner;
}

/**
 * null when `user` may do `need` on `group`, else why not. A user with no access at all learns only
 * that (noAccess), whatever they asked for; staff are never refused for lack of a level except
 * where the need says so.
 */
export function refusal(user: AccessUser, group: GroupAccess | null, need: GroupNeed): AccessRefusal | null {
  const staff = isStaffUser(user);
  const member = group !== null && belongs(group);
  if (!member && !staff) return 'noAccess';
  switch (need) {
    case 'read':
      return null;
    case 'manage':
      return staff || (group !== null && owns(group)) ? null : 'ownersOnly';
    case 'own':
      return group !== null && owns(group) ? null : 'ownersOnly';
    case 'use':
      return member ? null : 'noAccess';
    case 'staff':
      return staff ? null : 'staffOnly';
    case 'admin':
      return isAdminUser(user) ? null : 'adminOnly';
    case 'pay':
      return group !== null && member && pays(group) ? null : 'payersOnly';
    case 'billing':
      return staff || (group !== null && member && pays(group)) ? null : 'payersOnly';
    case 'every service':
      return staff || (group !== null && owns(group)) ? null : 'ownersOnly';
  }
}

/** May `user` do `need` on `group`? The one question the server, the guards, the menus and the views ask. */
export const can = (user: AccessUser, group: GroupAccess | null, need: GroupNeed) => refusal(user, group, need) === null;

// ---- Rules on no group ---------------------------------------------------------------------------

export type UserNeed =
  /** See every group and every lead without belonging to them (the top groups, all partners' leads): staff. */
  | 'see everything'
  /** Grant a group the charity discounts (Royal Mail, OS): staff. */
  | 'give discounts'
  /** Change a won or lost lead (a partner changes open leads only): staff. */
  | 'change closed leads'
  /** Create a group for another user: super. */
  | 'create groups for others'
  /** Administer the lead form, the lead options (spec section 6): super. */
  | 'administer the lead form'
  /** End a bundle an invoice bills, with a credit note (mayEndPaidBundles): admin and super. */
  | 'end paid bundles';

/** Why a user may not do a UserNeed, in the server's words. */
export const userNeedRefusals: Record<UserNeed, string> = {
  'see everything': accessRefusals.staffOnly,
  'give discounts': 'Only staff can grant charity discounts',
  'change closed leads': 'A won or lost lead can no longer be changed by the partner',
  'create groups for others': 'Only super can create groups for other users',
  'administer the lead form': 'Only super can administer the lead form',
  'end paid bundles': accessRefusals.adminOnly,
};

/** May `user` do `need`, a rule that concerns no particular group? */
export function mayUser(user: AccessUser, need: UserNeed): boolean {
  switch (need) {
    case 'see everything':
    case 'give discounts':
    case 'change closed leads':
      return isStaffUser(user);
    case 'create groups for others':
    case 'administer the lead form':
      return user.roles.includes('super');
    case 'end paid bundles':
      return mayEndPaidBundles(user);
  }
}

// ---- Partners ----------------------------------------------------------------------------------

/**
 * What the groups under a referrer partner may not do themselves (spec section 6): buy clicks in
 * the shop (the partner buys for them) and keep leads; the words of each refusal, or null.
 */
export function referrerRefusal(partnerSubtype: string | null | undefined, need: 'shop' | 'leads'): string | null {
  if (partnerSubtype !== 'referrer') return null;
  return need === 'shop' ? 'Accounts under a referrer partner buy clicks through the partner, not the shop' : blockedMessages.partnerType;
}

// ---- Users -------------------------------------------------------------------------------------

/** Why a user may not read or change another user's details, in the server's words. */
export const userAccessRefusal = 'You do not have access to this user';

/**
 * May `user` read (`read`) or change and delete (`change`) the details of user `targetId`? Users
 * do both to themselves; staff read anyone; only admin and super change others.
 */
export function canOnUser(user: AccessUser & { readonly id: number }, targetId: number, need: 'read' | 'change'): boolean {
  if (user.id === targetId) return true;
  return need === 'read' ? isStaffUser(user) : isAdminUser(user);
}

// ---- Staff ranks -------------------------------------------------------------------------------

const roleRanks: Record<string, number> = { account: 0, sales: 1, admin: 2, super: 3 };

/** The highest rank among the roles: account < sales < admin < super. */
export const roleRank = (roles: readonly string[]) => Math.max(0, ...roles.map((r) => roleRanks[r] ?? 0));

/** Staff may not act on a user of a higher role than theirs (an admin does not lock, rename or delete a super). */
export const mayActOnRole = (user: AccessUser, target: AccessUser) => roleRank(user.roles) >= roleRank(target.roles);
export const higherRoleRefusal = 'You cannot act on a user with a higher role than yours';

// ---- Money ----------------------------------------------------------------------------------

/**
 * Ending a paid bundle issues a credit note against its invoice (money back or owed): admin and
 * super only. Sales make, change and delete bundles that no invoice bills.
 */
export const mayEndPaidBundles = (user: AccessUser) => isAdminUser(user);

/** A lock holds in every tenant, so it is for admin and super; owners remove the user from their own groups. */
export const mayLockUsers = (user: AccessUser) => isAdminUser(user);
export const lockStaffOnlyRefusal = 'Only staff can lock a user; remove the user from your groups instead';

/**
 * Why `user` may not lock `target` (null: they may): admin and super lock anyone but a higher role;
 * an owner of one of a customer's groups (`ownsTargetsGroup`) is told to remove the user instead;
 * anyone else learns only that they have no access to the user.
 */
export function lockUserRefusal(user: AccessUser, target: AccessUser, ownsTargetsGroup: boolean): string | null {
  if (mayLockUsers(user)) return mayActOnRole(user, target) ? null : higherRoleRefusal;
  return !isStaffUser(target) && ownsTargetsGroup ? lockStaffOnlyRefusal : userAccessRefusal;
}

// ---- Access levels -----------------------------------------------------------------------------
// Who may grant, change or remove which level on a group (only owners manage owners):
//   owner      any level, owner included (but a group always keeps an owner)
//   sudoowner  sudoowner, manager and member; never grants owner, never changes or removes an owner
//   manager    nothing (may leave)
//   member     nothing (may leave)
//   staff      (sales, admin, super) as an owner, on every group

export const ownersManageOwnersRefusal = 'Only an owner can grant, change or remove the owner level';

/**
 * May `user`, whose effective level on the group is `level`, move someone from level `from` to
 * level `to` (null: no level, for an invitation or a removal)? Leaving oneself is not asked here.
 */
export function mayChangeLevel(user: AccessUser, level: AccessLevel | null, from: AccessLevel | null, to: AccessLevel | null): boolean {
  if (isStaffUser(user) || level === 'owner') return true;
  if (level === 'sudoowner') return from !== 'owner' && to !== 'owner';
  return false;
}
