import { lazyRouteComponent } from '@tanstack/react-router';
import type { Portal } from '../../app/portal';
import type { RouterContext } from '../../app/router';
import { BlockedError } from '../../routing/blocked';
import { userIdParam } from '../../routing/params';
import { loadEditUser } from './editUserLoader';

// Account administration (/administration/account/*), organisation administration
// (/administration/organisation/*) and partner administration (/partner/administration/*) are the
// same pages over a different group: the selected account (or organisation while it has none), the
// selected organisation, or the selected partner. Each route file of the two trees is one line over these.
// Each is a function: the router keeps (and completes) the options object of every route it is given.

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

async function loadAdminGroup(portal: Portal, scope: AdminScopeName) {
  const id = administeredGroupId(portal, scope);
  const [group, users] = await Promise.all([portal.groupsApi.group(id), portal.groupsApi.groupUsers(id)]);
  if (!group) throw new BlockedError('account');
  return { group, users };
}

export type AdminData = Awaited<ReturnType<typeof loadAdminGroup>>;

/** The layout route of the group's pages: loads the group and its users for all of them. */
export const adminLayout = (scope: AdminScopeName) => ({
  loader: ({ context }: { context: RouterContext }) => loadAdminGroup(context.portal, scope),
});

export const adminIndex = () => ({ component: lazyRouteComponent(() => import('./AccountAdmin')) });

/** /partner/administration: the partner's page, and the subscriptions of its client accounts (GET /partner/accountinfo). */
export const partnerAdminIndex = () => ({
  loader: async ({ context }: { context: RouterContext }) => {
    const { partnerApi } = await import('../../api/leads');
    return { accounts: await partnerApi(context.portal.api).accountInfo(administeredGroupId(context.portal, 'partner')) };
  },
  component: lazyRouteComponent(() => import('./PartnerAccounts')),
});

export const adminEdit = (scope: AdminScopeName) => ({
  staticData: { crumb: scope === 'partner' ? 'Edit partner' : 'Edit' },
  component: lazyRouteComponent(() => import('./AccountEdit')),
});

export const adminInvite = () => ({
  staticData: { crumb: 'Invite' },
  component: lazyRouteComponent(() => import('./AccountInvite')),
});

export const adminEditUser = (scope: AdminScopeName) => ({
  params: userIdParam,
  staticData: { crumb: 'Edit user' },
  loader: ({ context, params }: { context: RouterContext; params: { userId: number } }) =>
    loadEditUser(context.portal, administeredGroupId(context.portal, scope), params.userId),
  component: lazyRouteComponent(() => import('./AccountEditUser')),
});
