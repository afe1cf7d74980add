import { can, isAdminUser, isStaffUser } from '../../contract/shared/access';
import type { Role } from '../../contract/shared/roles';
import type { Group } from '../../contract/groups/entities';
import type { GroupSelectionSnapshot } from '../../machines/groupSelection';
import { allGroups } from '../../machines/groupTree';
import type { SessionSnapshot } from '../../machines/session';
import { administrationRules, checkRules, organisationAdministrationRules, partnerAdministrationRules } from './guards';

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
  const opens = (rules: Parameters<typeof checkRules>[0]) => checkRules(rules, session, groups) === null;
  return {
    partner: Boolean(partner) && opens(partnerAdministrationRules),
    organisation: Boolean(organisation) && opens(organisationAdministrationRules),
    account: Boolean(account) && opens(administrationRules),
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

export function navigationFor(session: SessionSnapshot, groups: GroupSelectionSnapshot): Navigation {
  const { user } = session.context;
  const staff = isStaffUser(user);
  const has = (role: Role) => user.roles.includes(role);
  const { partner, organisation, account } = groups.context.selection;
  // Owning the account itself (buying, token export); staff are not enough (spec section 6).
  const ownedAccount = can(user, account, 'own');
  const referrer = partner?.subtype === 'referrer';

  const menus: Menu[] = [
    {
      label: 'Applications',
      items: [
        { label: 'Address Cleanse', to: '/applications/addresscleanse' },
        { label: 'Address Lookup', to: '/applications/addresslookup' },
        { label: 'Email Validation', to: '/applications/emailvalidation' },
        ...(account?.territory === 'uk'
          ? [
              { label: 'Payment Validation', to: '/applications/paymentvalidation' },
              { label: 'Name Validation', to: '/applications/namevalidation' },
            ]
          : []),
      ],
    },
  ];
  if (can(user, account, 'manage')) {
    menus.push({
      label: 'Reporting',
      items: [
        { label: 'Summary', to: '/reporting/summary' },
        { label: 'Services', to: '/reporting/services' },
        { label: 'Tokens', to: '/reporting/tokens' },
      ],
    });
    menus.push({
      label: 'Administration',
      items: [
        { label: 'Account', to: '/administration/account' },
        { label: 'Services', to: '/administration/services' },
        { label: 'Tokens', to: '/administration/tokens' },
        ...(has('account') ? [{ label: 'Address Cleanse', to: '/administration/addresscleanse' }] : []),
      ],
    });
  }
  if (partner && can(user, partner, 'manage')) {
    menus.push({
      label: 'Partner',
      items: [
        { label: 'Administration', to: '/partner/administration' },
        ...(referrer ? [] : [{ label: 'Leads', to: '/partner/leads' }]),
      ],
    });
  }

  const ellipsis: MenuItem[] = [
    ...(isAdminUser(user) ? [{ label: 'Datasets & Plans', to: '/dataAdministration' }] : []),
    ...(staff ? [{ label: 'Creation Wizard', to: '/organisationwizard' }] : []),
    ...(staff ? [{ label: 'Account Search', to: '/search' }] : []),
    ...(has('super') ? [{ label: 'Lead form Administration', to: '/leadadmin' }] : []),
    ...(has('super') ? [{ label: 'Create new account', to: '/administration/account/create' }] : []),
    ...(ownedAccount ? [{ label: 'Export API Token', to: '/administration/tokens?export=token' }] : []),
    ...(ownedAccount ? [{ label: 'Export settings for API', to: '/administration/tokens?export=settings' }] : []),
  ];

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
    shop: ownedAccount && !referrer,
    ellipsis,
    changeAccount: staff || many || rootIsPartnerOrCorporate,
    search: isAdminUser(user),
    basket: ownedAccount && !referrer,
    accountLabel: account || owner ? [owner?.name, account?.name].filter(Boolean).join(' / ') : null,
    accountTrail,
    pendingOwnership: Boolean(account?.pendingOwnership),
  };
}
