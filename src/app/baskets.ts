import { createActor, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { withBasketEffects, type basketMachine } from '../../machines/basket';
import type { ApiClient } from '../api/client';
import { loadBasket, saveBasket } from './storage';

// One basket actor per account (spec section 3: kept locally per account), created on first use and
// kept for the visit, so the basket icon and the shop pages read the same actor.

export type BasketActor = ActorRefFrom<typeof basketMachine>;

export type Baskets = {
  /** The basket of the account (under its organisation), started on first use. */
  of: (accountId: number, organisationId: number) => BasketActor;
  /** Signing out forgets every basket actor (storage is cleared with the session's). */
  forget: () => void;
};

/** Where the gateway sends the browser back: the portal's own pages (the server checks the origin). */
export function returnUrls(origin: string) {
  return { backUrl: `${origin}/portal/shop/basket`, paidUrl: `${origin}/portal/shop/thankyou` };
}

export function createBaskets({
  api,
  storage,
  inspect,
  origin = () => window.location.origin,
  redirect = (url: string) => window.location.assign(url),
}: {
  api: ApiClient;
  storage: Storage;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  origin?: () => string;
  redirect?: (url: string) => void;
}): Baskets {
  const actors = new Map<number, BasketActor>();
  const machine = withBasketEffects({
    save: (accountId, items) => saveBasket(accountId, items, storage),
    // The shop's calls load with the checkout, not with the first page that creates the baskets.
    checkout: async ({ key, organisationId, items, billing }) =>
      (await import('../api/shop'))
        .shopApi(api)
        .checkout(
          organisationId,
          { ...billing, ...returnUrls(origin()), basket: items.map((i) => ({ accountId: i.ccId, planId: i.planId, quantity: i.clicks })) },
          key,
        ),
    redirect,
    uuid: () => crypto.randomUUID(),
  });
  return {
    of(accountId, organisationId) {
      let actor = actors.get(accountId);
      if (!actor) {
        actor = createActor(machine, { input: { accountId, organisationId, items: loadBasket(accountId, storage) }, inspect }).start();
        actors.set(accountId, actor);
      }
      return actor;
    },
    forget() {
      actors.forEach((a) => a.stop());
      actors.clear();
    },
  };
}
