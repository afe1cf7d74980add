import { can, hasRoleFor, isAdminUser, isStaffUser } from '../../contract/shared/access';
import type { Group } from '../../contract/groups/entities';
import type { GroupSelectionSnapshot } from '../../machines/groupSelection';
import { allGroups } from '../../machines/groupTree';
import type { SessionSnapshot } from '../../machines/session';
import { opensPage, type GuardedPage } from './groupRules';

// What the top banner, account bar and ellipsis menu show (spec sections 2 and 6), as a pure
// function of the two snapshots: the views render it and the tests check it.

export type MenuItem = { label: string; to: string };
export type Menu = { label: string; items: MenuItem[] };

/** One part of the account bar's "{partner or organisation} / {account}", with its administration page when the guards let the user open it. */
export type TrailPart = { name: string; to: AdministrationPage | null };

export type AdministrationPage = '/partner/administration' | '/administration/organisation' | '/administration/account';

/**
 * The administration page of each level of the selection the user may open: the same rules the
 * routes' guards apply, so a link is never offered to a page that would answer "Oops!".
 */
export function administrationPages(session: SessionSnapshot, groups: GroupSelectionSnapshot) {
  const { partner, organisation, account } = groups.context.selection;
  return {
    partner: Boolean(partner) && opensPage('/partner/administration', session, groups),
    organisation: Boolean(organisation) && opensPage('/administration/organisation', session, groups),
    account: Boolean(account) && opensPage('/administration/account', session, groups),
  };
}

/** Where opening a group leads (a search result, a group just created): the administration page of its level. */
export const administrationPageOf = (type: Group['type']): AdministrationPage =>
  type === 'partner' ? '/partner/administration' : type === 'organisation' ? '/administration/organisation' : '/administration/account';

export type Navigation = {
  menus: Menu[];
  helpCentre: boolean;
  shop: boolean;
  ellipsis: MenuItem[];
  changeAccount: boolean;
  search: boolean;
  basket: boolean;
  /** "{partner or organisation} / {account}" */
  accountLabel: string | null;
  /** The same label in parts, each linking to its administration page where the user may open it. */
  accountTrail: TrailPart[];
  pendingOwnership: boolean;
};

/**
 * A menu entry: the page it opens (its route's rules in routeRules of ./guards) and, where the menu
 * offers the page to fewer people than the guard lets in, who it is offered to. `spec` marks the
 * entries spec section 2 lists for more people than their page's guard lets in (its Applications
 * menu names every service; the Administration menu and "Create new account" take no account of a
 * referrer partner): those follow the spec's menu, not the guard.
 */
type Entry = {
  label: string;
  page: GuardedPage;
  /** The query string of the link (the ellipsis's token exports). */
  search?: string;
  offer?: (who: Who) => boolean;
  spec?: (who: Who) => boolean;
};
type Who = { user: SessionSnapshot['context']['user']; account: Group | null };

const applications: Entry[] = [
  { label: 'Address Cleanse', page: '/applications/addresscleanse', spec: () => true },
  { label: 'Address Lookup', page: '/applications/addresslookup', spec: () => true },
  { label: 'Email Validation', page: '/applications/emailvalidation', spec: () => true },
  // Payment Validation and Name Validation only when the account's territory is UK.
  { label: 'Payment Validation', page: '/applications/paymentvalidation', spec: ({ account }) => account?.territory === 'uk' },
  { label: 'Name Validation', page: '/applications/namevalidation', spec: ({ account }) => account?.territory === 'uk' },
];
const reporting: Entry[] = [
  { label: 'Summary', page: '/reporting/summary' },
  { label: 'Services', page: '/reporting/services' },
  { label: 'Tokens', page: '/reporting/tokens' },
];
// The spec's Administration menu: an owned account or staff, whatever the partner.
const administers = ({ user, account }: Who) => can(user, account, 'manage');
const administration: Entry[] = [
  { label: 'Account', page: '/administration/account', spec: administers },
  { label: 'Services', page: '/administration/services', spec: administers },
  { label: 'Tokens', page: '/administration/tokens', spec: administers },
  // The account's own cleanse settings, for customers; staff reach the prices and reports from the page itself.
  { label: 'Address Cleanse', page: '/administration/addresscleanse', spec: (who) => administers(who) && !isStaffUser(who.user) },
];
const partnerMenu: Entry[] = [
  { label: 'Administration', page: '/partner/administration' },
  { label: 'Leads', page: '/partner/leads' },
];
const ownsAccount = ({ user, account }: Who) => can(user, account, 'own');
const ellipsisEntries: Entry[] = [
  { label: 'Datasets & Plans', page: '/dataAdministration' },
  // Staff create organisations for customers here; an owner has the welcome wizard and the account pages.
  { label: 'Creation Wizard', page: '/organisationwizard', offer: ({ user }) => isStaffUser(user) },
  { label: 'Account Search', page: '/search' },
  { label: 'Lead form Administration', page: '/leadadmin' },
  { label: 'Create new account', page: '/administration/account/create', spec: ({ user }) => hasRoleFor(user, 'super') },
  // Owning the account itself; staff are not enough (spec section 6).
  { label: 'Export API Token', page: '/administration/tokens', search: '?export=token', spec: ownsAccount },
  { label: 'Export settings for API', page: '/administration/tokens', search: '?export=settings', spec: ownsAccount },
];
/** Every entry of every menu, by where it shows: the test holds each to its page's guard. */
export const menuEntries = { Applications: applications, Reporting: reporting, Administration: administration, Partner: partnerMenu, ellipsis: ellipsisEntries };

/** Whether the menu shows `entry`: its page's guard lets the user in and the menu offers it to them (or the spec's menu lists it). */
export function showsEntry(entry: Entry, session: SessionSnapshot, groups: GroupSelectionSnapshot): boolean {
  const who: Who = { user: session.context.user, account: groups.context.selection.account };
  if (entry.spec) return entry.spec(who);
  return opensPage(entry.page, session, groups) && (entry.offer?.(who) ?? true);
}

export function navigationFor(session: SessionSnapshot, groups: GroupSelectionSnapshot): Navigation {
  const { user } = session.context;
  const staff = isStaffUser(user);
  const { partner, organisation, account } = groups.context.selection;
  const shown = (entries: Entry[]): MenuItem[] =>
    entries.filter((e) => showsEntry(e, session, groups)).map((e) => ({ label: e.label, to: `${e.page}${e.search ?? ''}` }));
  const menus: Menu[] = (['Applications', 'Reporting', 'Administration', 'Partner'] as const)
    .map((label) => ({ label, items: shown(menuEntries[label]) }))
    .filter((menu) => menu.items.length > 0);
  const ellipsis = shown(ellipsisEntries);
  // The shop link and basket icon: the shop's own guard.
  const shop = opensPage('/shop', session, groups);

  const roots = groups.context.groups;
  const many = allGroups(roots).filter((g) => g.type === 'account').length > 1 || roots.length > 1;
  const root = roots[0];
  const rootIsPartnerOrCorporate = root?.type === 'partner' || root?.subtype === 'corporate';
  const owner = partner ?? organisation;
  const pages = administrationPages(session, groups);
  const accountTrail: TrailPart[] = [
    ...(partner ? [{ name: partner.name, to: pages.partner ? administrationPageOf('partner') : null }] : []),
    ...(!partner && organisation ? [{ name: organisation.name, to: pages.organisation ? administrationPageOf('organisation') : null }] : []),
    ...(account ? [{ name: account.name, to: pages.account ? administrationPageOf('account') : null }] : []),
  ];

  return {
    menus,
    helpCentre: true,
    shop,
    ellipsis,
    changeAccount: staff || many || rootIsPartnerOrCorporate,
    // The search icon: for admin and super (sales open /search from the ellipsis).
    search: opensPage('/search', session, groups) && isAdminUser(user),
    basket: shop,
    accountLabel: account || owner ? [owner?.name, account?.name].filter(Boolean).join(' / ') : null,
    accountTrail,
    pendingOwnership: Boolean(account?.pendingOwnership),
  };
}
