import { useMatches } from '@tanstack/react-router';
import type { GroupDetails, GroupUser } from '../../api/groups';

// Account administration and partner administration are the same pages over a different group:
// the selected account (or organisation), or the selected partner. The scope says which.

export type AdminScope = { base: '/administration/account' | '/partner/administration'; routeId: string; noun: string };

export const adminScopes = {
  account: { base: '/administration/account', routeId: '/signedIn/validated/administration/account', noun: 'account' },
  partner: { base: '/partner/administration', routeId: '/signedIn/validated/partner/administration', noun: 'partner' },
} as const satisfies Record<string, AdminScope>;

export type AdminData = { group: GroupDetails; users: GroupUser[] };

/** The scope of the page being shown, and the group data its layout route loaded. */
export function useAdmin(): { scope: AdminScope; data: AdminData; path: (rest: string) => never } {
  const matches = useMatches();
  const match = matches.find((m) => m.routeId === adminScopes.partner.routeId || m.routeId === adminScopes.account.routeId);
  const scope = match?.routeId === adminScopes.partner.routeId ? adminScopes.partner : adminScopes.account;
  // Typed links need literal paths; both scopes have the same children, so the path is built.
  const path = (rest: string) => `${scope.base}${rest}` as never;
  return { scope, data: match?.loaderData as AdminData, path };
}
