import type { RoleNeed } from '../../contract/shared/access';
import type { Territory } from '../../contract/shared/territory';
import type { GroupSelectionSnapshot } from '../../machines/groupSelection';
import { isSettled, isSignedIn, signInStage, type SessionSnapshot } from '../../machines/session';

// Route guards are plain functions of machine snapshots (DESIGN.md): the router's beforeLoad calls
// them, and tests call them directly. A guard answers null (the page may open) or where to go.

export type GuardRedirect = '/login' | '/validate' | '/home' | '/twofactor' | '/enrol';

/** Where a half-signed-in session must go: its second step, and nowhere else. */
const secondStepPage = { secondFactor: '/twofactor', enrol: '/enrol' } as const;

/** Pages for signed-in users: no session goes to /login (spec section 5), a half-signed-in one to its second step. */
export function requireSession(session: SessionSnapshot): GuardRedirect | null {
  const stage = signInStage(session);
  if (stage) return secondStepPage[stage];
  return isSignedIn(session) ? null : '/login';
}

/** /twofactor and /enrol: only for a session at that step; anyone else goes where they belong. */
export function requireSecondStep(step: 'secondFactor' | 'enrol') {
  return (session: SessionSnapshot): GuardRedirect | null => {
    const stage = signInStage(session);
    if (stage === step) return null;
    if (stage) return secondStepPage[stage];
    if (!isSignedIn(session)) return '/login';
    return session.context.user.validated ? '/home' : '/validate';
  };
}

/** Everything but /validate: an unvalidated user is sent to /validate (spec section 5). */
export function requireValidated(session: SessionSnapshot): GuardRedirect | null {
  return requireSession(session) ?? (session.context.user.validated ? null : '/validate');
}

/** /validate itself: only for a signed-in user who still needs to validate. */
export function requireUnvalidated(session: SessionSnapshot): GuardRedirect | null {
  return requireSession(session) ?? (session.context.user.validated ? '/home' : null);
}

/** /login and /register: a signed-in user has nothing to do there. */
export function requireGuest(session: SessionSnapshot): GuardRedirect | null {
  const stage = signInStage(session);
  if (stage) return secondStepPage[stage];
  if (!isSignedIn(session)) return null;
  return session.context.user.validated ? '/home' : '/validate';
}

export { isSettled };

// ---- Group guards (spec section 6): functions of the session and group-selection snapshots ----


/** The guards a route declares (spec section 2 and 6). */
export type RouteRules = {
  /** The account or organisation must be owned, unless the user is staff. */
  ownerOnly?: boolean;
  /**
   * With ownerOnly: a user with no group at all may open the page too (the wizards that create a new
   * user's first organisation, and the user's own settings: they own what they are about to create).
   * An owned partner also lets its organisations be created and its users be managed.
   */
  allowWithoutGroup?: boolean;
  /** With ownerOnly: even staff must own it. */
  disallowNonOwner?: boolean;
  /**
   * The selected organisation itself must be owned, unless the user is staff: owning one of its
   * accounts is not enough to administer the organisation (its charity and corporate status, its users).
   */
  organisationOwnerOnly?: boolean;
  /** A partner must be selected. */
  partnerOnly?: boolean;
  /** Blocked when the partner's subtype is referrer. */
  disallowReferrers?: boolean;
  /** The user must be an owner or member of the account. */
  groupUsersOnly?: boolean;
  /** The selected account itself must be owned by the user (staff too: nobody buys for a customer). */
  accountOwned?: boolean;
  /** The account's territory must be one of these. */
  territoriesAllowed?: readonly Territory[];
  /** The user's roles must allow this (staff, admin or super: hasRoleFor of contract/shared/access.ts). */
  roleNeed?: RoleNeed;
  /** Staff's roles must allow this; customers are decided by the other rules. */
  staffRoleNeed?: RoleNeed;
};

/** Whether groups are still being decided: group guards wait for this to be false. */
export const groupsSettled = (groups: GroupSelectionSnapshot) =>
  groups.matches('ready') || groups.matches('failed') || groups.matches('signedOut');

/**
 * "Owner" in spec section 2 for the wizards, /user/{userId}/edit and /user/updatePassword: a member of
 * the selected account (or organisation) may not open them; staff may; and a new user with no group
 * yet may, or they could never create their first organisation.
 */
export const ownerPage: RouteRules = { ownerOnly: true, allowWithoutGroup: true };

/** /administration/* (spec section 2: owner only, not for referrers). */
export const administrationRules: RouteRules = { ownerOnly: true, disallowReferrers: true };
/** /administration/organisation/*: the administration pages of the selected organisation itself. */
export const organisationAdministrationRules: RouteRules = { ...administrationRules, organisationOwnerOnly: true };
/** /partner/administration/*. */
export const partnerAdministrationRules: RouteRules = { partnerOnly: true, ownerOnly: true };
/** /reporting/* (spec section 2: "Reporting (owner)"; section 6: an owned account or staff). */
export const reportingRules: RouteRules = { ownerOnly: true };
/**
 * /shop/* (spec section 2: "Shop (owner, and the account itself must be owned)"; section 6: the shop
 * needs an owned account and a non-referrer partner, as the Shop link and basket icon of menus.ts).
 */
export const shopRules: RouteRules = { disallowReferrers: true, accountOwned: true };
/** /applications/addresscleanse (spec section 2: owner, in either territory; only its file routes are UK only). */
export const bureauStatsRules: RouteRules = { ownerOnly: true };
/**
 * /administration/addresscleanse (spec section 2: "owner, roles admin and super"; its menu item is
 * for the account role): an owner sees the account's own cleanse settings, staff need admin or super
 * for the prices and reports.
 */
export const bureauAdminRules: RouteRules = { ownerOnly: true, staffRoleNeed: 'admin' };
/** /administration/addresscleanse/priceupdate/{costId}: admin and super only. */
export const bureauPriceRules: RouteRules = { roleNeed: 'admin' };
/** /partner/leads/* (spec section 2: owner, partner only, not referrers). */
export const partnerLeadsRules: RouteRules = { ownerOnly: true, partnerOnly: true, disallowReferrers: true };
/**
 * /home/leads/{leadId} and /home/createlead (spec section 2: owner, partner only): the same leads as
 * /partner/leads, so a referrer, who has no leads (the Partner menu's "Leads unless the partner is a
 * referrer"), is refused them here too with the partner-type message.
 */
export const homeLeadsRules: RouteRules = { ownerOnly: true, partnerOnly: true, disallowReferrers: true };
/** /leadadmin (spec sections 2 and 6: super only, "lead form administration"). */
export const leadAdminRules: RouteRules = { roleNeed: 'super' };
/** /partner/console (ours, beyond the spec): usage and spend of the partner's client accounts, as partner administration. */
export const partnerConsoleRules: RouteRules = partnerAdministrationRules;
/** /search, /charges and the bundle pages of /administration/services (spec section 2: admin, super and sales). */
export const staffRules: RouteRules = { roleNeed: 'staff' };
/** /dataAdministration (spec section 2: admin and super). */
export const dataAdministrationRules: RouteRules = { roleNeed: 'admin' };
/** /administration/account/create (spec section 2: super only). */
export const createAccountRules: RouteRules = { roleNeed: 'super' };
/** The services pages of /applications: an owner or member of the selected account. */
export const serviceRules: RouteRules = { groupUsersOnly: true };
/** Payment and name validation: as the other services, for a UK account only. */
export const ukServiceRules: RouteRules = { groupUsersOnly: true, territoriesAllowed: ['uk'] };
