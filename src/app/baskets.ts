import { createActor, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { withBasketEffects, type BasketItem, type basketMachine } from '../../machines/basket';
import { isSettled, isSignedIn } from '../../machines/session';
import type { ApiClient } from '../api/client';
import type { Portal } from './portal';

// One basket actor per account (spec section 3: kept locally per account), created on first use and
// kept for the visit, so the basket icon and the shop pages read the same actor. This module loads
// with the first signed-in page that shows a basket, not with the portal's first page.

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

const ofPortal = new WeakMap<Portal, Baskets>();

/** The portal's baskets, made on first use; signing out stops and forgets them. */
export function basketsOf(portal: Portal): Baskets {
  let baskets = ofPortal.get(portal);
  if (!baskets) {
    const made = createBaskets({ api: portal.api, storage: portal.storage, inspect: portal.inspect });
    portal.session.subscribe((snapshot) => {
      if (isSettled(snapshot) && !isSignedIn(snapshot)) made.forget();
    });
    ofPortal.set(portal, made);
    baskets = made;
  }
  return baskets;
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

// Kept under the storage prefix (src/app/storage.ts), so signing out clears them with the session.
const basketKey = (accountId: number) => `portal.basket.${accountId}`;

/** The account's saved basket items (spec section 3 Basket item); anything malformed is dropped. */
export function loadBasket(accountId: number, storage: Storage = localStorage): BasketItem[] {
  try {
    const items = JSON.parse(storage.getItem(basketKey(accountId)) ?? '[]') as unknown;
    if (!Array.isArray(items)) return [];
    const whole = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
    return items.filter(
      (i: Partial<Record<keyof BasketItem, unknown>> | null): i is BasketItem =>
        i !== null && typeof i === 'object' && whole(i.organisationId) && whole(i.ccId) && whole(i.datasetId) && whole(i.planId) && whole(i.clicks),
    );
  } catch {
    return [];
  }
}

export function saveBasket(accountId: number, items: readonly BasketItem[], storage: Storage = localStorage) {
  if (items.length === 0) storage.removeItem(basketKey(accountId));
  else storage.setItem(basketKey(accountId), JSON.stringify(items));
}
