import { useSelector } from '@xstate/react';
import { usePortal } from '../app/PortalContext';
import { basketsOf, type BasketActor } from '../app/baskets';

/**
 * The basket actor of the selected account (machines/basket.ts), or null with no account selected:
 * the basket icon and the shop's pages read the same actor, so the count follows every change.
 */
export function useBasket(): BasketActor | null {
  const portal = usePortal();
  const { groups } = portal;
  const where = useSelector(groups, (g) => {
    const { account, organisation } = g.context.selection;
    const organisationId = organisation?.id ?? account?.parentId ?? null;
    return account && organisationId !== null ? `${account.id}:${organisationId}` : null;
  });
  if (!where) return null;
  const [accountId, organisationId] = where.split(':').map(Number);
  return basketsOf(portal).of(accountId, organisationId);
}
