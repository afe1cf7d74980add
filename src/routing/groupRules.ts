import { can, hasRoleFor, isStaffUser } from '../../contract/shared/access';
import type { RuntimeConfig } from '../../contract/config/entities';
import type { blockedMessages } from '../../contract/shared/messages';
import type { GroupSelectionSnapshot } from '../../machines/groupSelection';
import { isSignedIn, type SessionSnapshot } from '../../machines/session';
import {
  administrationRules,
  bureauAdminRules,
  bureauStatsRules,
  createAccountRules,
  dataAdministrationRules,
  leadAdminRules,
  organisationAdministrationRules,
  ownerPage,
  partnerAdministrationRules,
  partnerLeadsRules,
  reportingRules,
  serviceRules,
  shopRules,
  staffRules,
  ukServiceRules,
  type RouteRules,
} from './guards';

// The decisions of the group guards (spec section 6) and the menus: functions of the session and
// group-selection snapshots through can() of contract/shared/access.ts. Not on the first page: the
// guards of ./beforeLoad load this module when a signed-in page is opened, the menus with the layout.

export type BlockReason = keyof typeof blockedMessages;

/** null when the page may open, else which of the spec's four "Oops!" messages to show. */
export function checkRules(rules: RouteRules, session: SessionSnapshot, groups: GroupSelectionSnapshot): BlockReason | null {
  const { user } = session.context;
  const { partner, organisation, account } = groups.context.selection;
  if (rules.roleNeed && !hasRoleFor(user, rules.roleNeed)) return 'notThroughAccount';
  if (rules.staffRoleNeed && isStaffUser(user) && !hasRoleFor(user, rules.staffRoleNeed)) return 'notThroughAccount';
  if (rules.partnerOnly && !partner) return 'partnersOnly';
  if (rules.disallowReferrers && partner?.subtype === 'referrer') return 'partnerType';
  if (rules.ownerOnly) {
    // Staff act as owner on every group ('manage'), unless the route wants the owner itself ('own').
    const need = rules.disallowNonOwner ? 'own' : 'manage';
    const ownsNothingYet = rules.allowWithoutGroup && !partner && !organisation && !account;
    const ownsPartner = rules.allowWithoutGroup && can(user, partner, need);
    if (!ownsNothingYet && !ownsPartner && !can(user, account, need) && !can(user, organisation, need)) return 'account';
  }
  if (rules.organisationOwnerOnly && !can(user, organisation, 'manage')) return 'account';
  if (rules.groupUsersOnly && !can(user, account, 'use')) return 'notThroughAccount';
  if (rules.accountOwned && !can(user, account, 'own')) return 'account';
  if (rules.territoriesAllowed && !(account && rules.territoriesAllowed.includes(account.territory))) return 'account';
  return null;
}

/** The user's own pages; staff may open anyone's. */
export function canOpenUser(session: SessionSnapshot, userId: number): boolean {
  const { user } = session.context;
  return user.id === userId || isStaffUser(user);
}

/**
 * The statechart visualiser (config.visualiser): 'everyone' opens it to anyone, 'staff' to signed-in
 * staff; for everyone else it does not exist (the router shows "not found").
 */
export function canOpenVisualiser(setting: RuntimeConfig['visualiser'], session: SessionSnapshot): boolean {
  if (setting === 'everyone') return true;
  return setting === 'staff' && isSignedIn(session) && isStaffUser(session.context.user);
}

// ---- Route rules: what each page a menu links to asks, for its guard and for its menu entry ----

/**
 * The pages the menus link to, each with the group guards of its route and of the layouts above it,
 * in order (the route files' beforeLoad apply the same rule objects). A menu shows an entry when
 * opensPage says yes, so it never links to a page that would answer "Oops!".
 */
export const routeRules = {
  '/applications/addresscleanse': [bureauStatsRules],
  '/applications/addresslookup': [serviceRules],
  '/applications/emailvalidation': [serviceRules],
  '/applications/paymentvalidation': [ukServiceRules],
  '/applications/namevalidation': [ukServiceRules],
  '/reporting/summary': [reportingRules],
  '/reporting/services': [reportingRules],
  '/reporting/tokens': [reportingRules],
  '/administration/account': [administrationRules],
  '/administration/organisation': [administrationRules, organisationAdministrationRules],
  '/administration/services': [administrationRules],
  '/administration/tokens': [administrationRules],
  '/administration/addresscleanse': [administrationRules, bureauAdminRules],
  '/administration/account/create': [administrationRules, createAccountRules],
  '/partner/administration': [partnerAdministrationRules],
  '/partner/leads': [partnerLeadsRules],
  '/dataAdministration': [dataAdministrationRules],
  '/organisationwizard': [ownerPage],
  '/search': [staffRules],
  '/leadadmin': [leadAdminRules],
  '/shop': [shopRules],
} as const satisfies Record<string, readonly RouteRules[]>;
export type GuardedPage = keyof typeof routeRules;

/** Whether every guard on the way to `page` lets the user in. */
export const opensPage = (page: GuardedPage, session: SessionSnapshot, groups: GroupSelectionSnapshot) =>
  routeRules[page].every((rules) => checkRules(rules, session, groups) === null);
