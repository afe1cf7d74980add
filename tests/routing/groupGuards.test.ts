import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../contract/users/entities';
import { groupSelectionMachine } from '../../machines/groupSelection';
import { sessionMachine } from '../../machines/session';
import {
  bureauAdminRules,
  bureauPriceRules,
  createAccountRules,
  dataAdministrationRules,
  homeLeadsRules,
  leadAdminRules,
  organisationAdministrationRules,
  ownerPage,
  partnerLeadsRules,
  shopRules,
  staffRules,
  ukServiceRules,
} from '../../src/routing/guards';
import { checkRules } from '../../src/routing/groupRules';
import { navigationFor } from '../../src/routing/menus';
import { blockedMessages } from '../../contract/shared/messages';
import { group } from '../machines/models/groupFixtures';
import { firstSelection } from '../../machines/groupTree';
import { all, snapshots } from './matrix';

// Every role x access level x partner subtype x territory the spec names (section 6, ./matrix), checked
// against the spec's sentences written out below, not against the implementation.

describe.each(all)('$role with $level access, partner $partner, territory $territory', ({ role, level, partner, territory }) => {
  const s = snapshots(role, level, partner, territory);
  const check = (rules: Parameters<typeof checkRules>[0]) => checkRules(rules, s.session, s.groups);

  it('ownerOnly: the account or organisation must be owned, unless the user is super, admin or sales', () => {
    expect(check({ ownerOnly: true })).toBe(s.owner || s.staff ? null : 'account');
  });
  it('the owner pages of section 2 (wizards, /user/{id}/edit, /user/updatePassword): a member is refused', () => {
    expect(check(ownerPage)).toBe(s.owner || s.staff ? null : 'account');
  });
  it('ownerOnly with disallowNonOwner: even staff are blocked', () => {
    expect(check({ ownerOnly: true, disallowNonOwner: true })).toBe(s.owner ? null : 'account');
  });
  it('organisation administration: the organisation itself must be owned, unless the user is staff (and not through a referrer)', () => {
    expect(check(organisationAdministrationRules)).toBe(partner === 'referrer' ? 'partnerType' : s.owner || s.staff ? null : 'account');
  });
  it('the account bar links each part of its label to the administration page the user may open', () => {
    const nav = navigationFor(s.session, s.groups);
    const administers = (s.owner || s.staff) && partner !== 'referrer';
    // "{partner or organisation} / {account}" (spec section 2).
    const owner =
      partner === 'none'
        ? { name: 'organisation 11', to: administers ? '/administration/organisation' : null }
        : { name: 'partner 1', to: s.owner || s.staff ? '/partner/administration' : null };
    expect(nav.accountTrail).toEqual([owner, { name: 'account 111', to: administers ? '/administration/account' : null }]);
    expect(nav.accountTrail.map((p) => p.name).join(' / ')).toBe(nav.accountLabel);
  });
  it('the shop: the account itself owned (staff too) and no referrer partner, as the Shop link and basket icon', () => {
    const expected = partner === 'referrer' ? 'partnerType' : s.owner ? null : 'account';
    expect(check(shopRules)).toBe(expected);
    const nav = navigationFor(s.session, s.groups);
    expect(nav.shop).toBe(expected === null);
    expect(nav.basket).toBe(expected === null);
  });
  it('address cleanse administration: admin and super, or an owner (for the account\'s own settings); sales and members refused', () => {
    const staffAllowed = role === 'admin' || role === 'super';
    expect(check(bureauAdminRules)).toBe(s.staff ? (staffAllowed ? null : 'notThroughAccount') : s.owner ? null : 'account');
    expect(check(bureauPriceRules)).toBe(staffAllowed ? null : 'notThroughAccount');
  });
  it('partnerOnly: a partner must be selected', () => {
    expect(check({ partnerOnly: true })).toBe(partner === 'none' ? 'partnersOnly' : null);
  });
  it('disallowReferrers: blocked when the partner subtype is referrer', () => {
    expect(check({ disallowReferrers: true })).toBe(partner === 'referrer' ? 'partnerType' : null);
  });
  it('/partner/leads/* and /home/leads, /home/createlead: owner, partner only, not referrers', () => {
    const owns = s.owner || s.staff ? null : 'account';
    expect(check(partnerLeadsRules)).toBe(partner === 'none' ? 'partnersOnly' : partner === 'referrer' ? 'partnerType' : owns);
    expect(check(homeLeadsRules)).toBe(partner === 'none' ? 'partnersOnly' : partner === 'referrer' ? 'partnerType' : owns);
  });
  it('/leadadmin: super only', () => {
    expect(check(leadAdminRules)).toBe(role === 'super' ? null : 'notThroughAccount');
  });
  it('groupUsersOnly: the user must be an owner or member', () => {
    expect(check({ groupUsersOnly: true })).toBe(s.owner || s.member ? null : 'notThroughAccount');
  });
  it('/applications/namevalidation: group users of a UK account, as payment validation', () => {
    expect(check(ukServiceRules)).toBe(!(s.owner || s.member) ? 'notThroughAccount' : territory === 'uk' ? null : 'account');
  });
  it('territoriesAllowed: the account territory must be in the list (UK for address cleanse files)', () => {
    expect(check({ territoriesAllowed: ['uk'] })).toBe(territory === 'uk' ? null : 'account');
  });
  it('roles: search is for admin, super and sales; data administration for admin and super; lead admin for super', () => {
    expect(check(staffRules)).toBe(s.staff ? null : 'notThroughAccount');
    expect(check(dataAdministrationRules)).toBe(role === 'admin' || role === 'super' ? null : 'notThroughAccount');
    expect(check(createAccountRules)).toBe(role === 'super' ? null : 'notThroughAccount');
  });

  it('shows the menus the spec lists for who they are', () => {
    const nav = navigationFor(s.session, s.groups);
    const menu = (label: string) => nav.menus.find((m) => m.label === label);
    const items = (label: string) => menu(label)?.items.map((i) => i.label);
    // Applications: Payment Validation and Name Validation only when the account territory is UK.
    expect(items('Applications')).toEqual(['Address Cleanse', 'Address Lookup', 'Email Validation', ...(territory === 'uk' ? ['Payment Validation', 'Name Validation'] : [])]);
    // Reporting and Administration need an owned account or staff.
    expect(Boolean(menu('Reporting'))).toBe(s.owner || s.staff);
    expect(Boolean(menu('Administration'))).toBe(s.owner || s.staff);
    if (menu('Administration')) {
      expect(items('Administration')).toEqual(['Account', 'Services', 'Tokens', ...(role === 'account' ? ['Address Cleanse'] : [])]);
    }
    // Partner menu when the partner is owned or the user is staff; Leads unless a referrer.
    expect(Boolean(menu('Partner'))).toBe(partner !== 'none' && (s.owner || s.staff));
    if (menu('Partner')) expect(items('Partner')).toEqual(['Administration', ...(partner === 'referrer' ? [] : ['Leads'])]);
    // Shop link: an owned account and a non-referrer partner.
    expect(nav.shop).toBe(s.owner && partner !== 'referrer');
    // Search icon for admin and super.
    expect(nav.search).toBe(role === 'admin' || role === 'super');
    // Ellipsis items by role.
    const ellipsis = nav.ellipsis.map((i) => i.label);
    expect(ellipsis.includes('Datasets & Plans')).toBe(role === 'admin' || role === 'super');
    expect(ellipsis.includes('Account Search')).toBe(s.staff);
    expect(ellipsis.includes('Creation Wizard')).toBe(s.staff);
    expect(ellipsis.includes('Lead form Administration')).toBe(role === 'super');
    expect(ellipsis.includes('Create new account')).toBe(role === 'super');
    // Change Account: staff, several groups, or a partner or corporate root.
    expect(nav.changeAccount).toBe(s.staff || partner !== 'none');
  });
});

it('names the blocked pages with the spec\'s four "Oops!" messages', () => {
  expect(Object.values(blockedMessages)).toEqual([
    'This page is not currently available while using this account. Please switch to another account or return home.',
    'The page you were looking for is only available for partners.',
    'The page you were looking for is not accessible through this partner type.',
    'The page you were looking for is not accessible through this account.',
  ]);
});

describe('the owner pages for a new user with no group yet', () => {
  it('open, so the welcome wizard can create their first organisation; plain ownerOnly pages stay refused', () => {
    const user: AuthUser = { jwt: 'j', id: 1, userName: 'u', recycleDate: 2e9, roles: ['account'], territory: 'uk', validated: true };
    const session = sessionMachine.resolveState({ value: 'authenticated', context: { user, accountId: undefined } });
    const groups = groupSelectionMachine.resolveState({
      value: 'ready',
      context: { groups: [], selection: { partner: null, organisation: null, account: null }, staff: false, saved: null },
    });
    expect(checkRules(ownerPage, session, groups)).toBeNull();
    expect(checkRules({ ownerOnly: true }, session, groups)).toBe('account');
  });
});

describe('organisation administration for the owner of one account only', () => {
  it('is refused, and the account bar does not link the organisation', () => {
    const user: AuthUser = { jwt: 'j', id: 1, userName: 'u', recycleDate: 2e9, roles: ['account'], territory: 'uk', validated: true };
    const account = group(111, 'account', [], { isOwner: true, isMember: true });
    const organisation = group(11, 'organisation', [account], { isOwner: false });
    const session = sessionMachine.resolveState({ value: 'authenticated', context: { user, accountId: undefined } });
    const groups = groupSelectionMachine.resolveState({
      value: 'ready',
      context: { groups: [account], selection: { partner: null, organisation, account }, staff: false, saved: null },
    });
    expect(checkRules(organisationAdministrationRules, session, groups)).toBe('account');
    expect(navigationFor(session, groups).accountTrail.map((p) => p.to)).toEqual([null, '/administration/account']);
  });
});

describe('one territory rule: the first account chosen for a user', () => {
  const uk = group(21, 'account', [], { territory: 'uk', isOwner: true });
  const aus = group(22, 'account', [], { territory: 'australia', isOwner: true });
  const trees = [group(1, 'partner', [group(2, 'organisation', [uk, aus], { isOwner: true })], { isOwner: true })];
  it("is one in the host's territory where the user has one, else the first group's", () => {
    expect(firstSelection(trees, 'australia').account?.id).toBe(22);
    expect(firstSelection(trees, 'uk').account?.id).toBe(21);
    expect(firstSelection([group(3, 'organisation', [uk])], 'australia').account?.id).toBe(21);
    expect(firstSelection([], 'uk').account).toBeNull();
  });
});
