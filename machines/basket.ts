import type { Billing } from '../contract/shared/shop';
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { maxBasketItems } from '../contract/shared/shop';

// The basket of one account (spec section 3 "Basket item", section 4: kept locally per account,
// section 9: sorted by plan then clicks) and its checkout (POST /shop/checkout, then the gateway's
// hosted page). The app provides the storage write (`save`), the checkout call, the redirect and the
// idempotency key's maker (`withBasketEffects`); the machine stays pure.

/** Spec section 3, Basket item: clicks is the checkout payload's quantity. */
export type BasketItem = { organisationId: number; ccId: number; datasetId: number; planId: number; clicks: number };

export type { Billing };

/** What the basket page says above the items; the view words it (plan names are the view's). */
export type BasketNotice =
  | { kind: 'merged'; planId: number; clicks: number }
  | { kind: 'full' }
  | { kind: 'declined'; orderId: number }
  | { kind: 'cancelled'; orderId: number }
  | { kind: 'paid'; orderId: number };

export type BasketInput = { accountId: number; organisationId: number; items: readonly BasketItem[] };

export type BasketContext = {
  accountId: number;
  organisationId: number;
  items: BasketItem[];
  /** The idempotency key of the checkout attempt under way: kept across retries until the basket changes. */
  key: string | null;
  /** How many keys were made: the default key maker's counter (the app makes UUIDs). */
  attempts: number;
  /** Why the last checkout failed (the server's words), shown with the basket intact. */
  error: string | null;
  notice: BasketNotice | null;
};

export type CheckoutInput = { key: string; organisationId: number; accountId: number; items: BasketItem[]; billing: Billing };
export type CheckoutOutput = { url: string; orderId: number };

/** A line of a paid order, enough to know which basket items it bought. */
export type BoughtLine = { accountId: number; planId: number };

export type BasketEvent =
  | { type: 'user.add'; item: { datasetId: number; planId: number; clicks: number } }
  | { type: 'user.setClicks'; planId: number; clicks: number }
  | { type: 'user.remove'; planId: number }
  | { type: 'user.clear' }
  | { type: 'user.checkout'; billing: Billing }
  | { type: 'user.dismiss' }
  | { type: 'gateway.declined'; orderId: number }
  | { type: 'gateway.cancelled'; orderId: number }
  | { type: 'order.paid'; orderId: number; lines: readonly BoughtLine[] };

/** Spec section 9: by plan, then clicks. */
export function sortItems(items: readonly BasketItem[]): BasketItem[] {
  return [...items].sort((a, b) => a.planId - b.planId || a.clicks - b.clicks);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Every change of the items forgets the attempt's key (a changed basket is a new order), forgets a
// failure, and is saved.
const changed = ['forgetAttempt', 'save'] as const;

export const basketMachine = setup({
  types: {
    context: {} as BasketContext,
    events: {} as BasketEvent,
    input: {} as BasketInput,
  },
  actors: {
    checkout: fromPromise<CheckoutOutput, CheckoutInput>(async () => {
      throw new Error('checkout not provided');
    }),
  },
  actions: {
    /** Writes the items to local storage (app-provided). */
    save: () => {},
    /** Sends the browser to the gateway's page (app-provided). */
    redirect: (_, _params: { url: string }) => {},
    /** Makes the attempt's idempotency key; the app's version makes a UUID (withBasketEffects). */
    newKey: assign({ key: ({ context }) => `attempt-${context.attempts + 1}`, attempts: ({ context }) => context.attempts + 1 }),
    forgetAttempt: assign({ key: null, error: null }),
    dismiss: assign({ notice: null }),
    add: assign(({ context, event }) => {
      assertEvent(event, 'user.add');
      const same = context.items.find((i) => i.planId === event.item.planId);
      const items = same
        ? context.items.map((i) => (i === same ? { ...i, clicks: i.clicks + event.item.clicks } : i))
        : [...context.items, { organisationId: context.organisationId, ccId: context.accountId, ...event.item }];
      const notice: BasketNotice | null = same ? { kind: 'merged', planId: same.planId, clicks: same.clicks + event.item.clicks } : null;
      return { items: sortItems(items), notice };
    }),
    setClicks: assign(({ context, event }) => {
      assertEvent(event, 'user.setClicks');
      return { items: sortItems(context.items.map((i) => (i.planId === event.planId ? { ...i, clicks: event.clicks } : i))), notice: null };
    }),
    remove: assign(({ context, event }) => {
      assertEvent(event, 'user.remove');
      return { items: context.items.filter((i) => i.planId !== event.planId), notice: null };
    }),
    clear: assign({ items: [], notice: null }),
    /** A paid order's items leave the basket; anything added since stays. */
    removeBought: assign(({ context, event }) => {
      assertEvent(event, 'order.paid');
      const bought = (i: BasketItem) => event.lines.some((l) => l.accountId === i.ccId && l.planId === i.planId);
      return { items: context.items.filter((i) => !bought(i)), notice: { kind: 'paid', orderId: event.orderId } };
    }),
    /** The gateway sent the browser back unpaid: the basket stays as it was, with the reason. */
    returned: assign(({ event }) => {
      assertEvent(event, ['gateway.declined', 'gateway.cancelled']);
      const notice: BasketNotice = event.type === 'gateway.declined' ? { kind: 'declined', orderId: event.orderId } : { kind: 'cancelled', orderId: event.orderId };
      return { notice, key: null, error: null };
    }),
  },
  guards: {
    hasItems: ({ context }) => context.items.length > 0,
    hasKey: ({ context }) => context.key !== null,
    /** A new plan when the basket already holds the most one checkout takes. */
    full: ({ context, event }) => {
      assertEvent(event, 'user.add');
      return context.items.length >= maxBasketItems && !context.items.some((i) => i.planId === event.item.planId);
    },
    inBasket: ({ context, event }) => {
      assertEvent(event, ['user.setClicks', 'user.remove']);
      return context.items.some((i) => i.planId === event.planId);
    },
  },
}).createMachine({
  id: 'basket',
  context: ({ input }) => ({
    accountId: input.accountId,
    organisationId: input.organisationId,
    items: sortItems(input.items),
    key: null,
    attempts: 0,
    error: null,
    notice: null,
  }),
  initial: 'checking',
  states: {
    // Decides between the empty page ('No items in basket') and the items after every change.
    checking: {
      always: [{ guard: 'hasItems', target: 'ready' }, { target: 'empty' }],
    },
    empty: {
      on: {
        'user.dismiss': { actions: 'dismiss' },
        'user.add': { target: 'checking', actions: ['add', ...changed] },
        'gateway.declined': { actions: 'returned' },
        'gateway.cancelled': { actions: 'returned' },
        'order.paid': { actions: 'removeBought' },
      },
    },
    ready: {
      on: {
        'user.dismiss': { actions: 'dismiss' },
        'user.add': [
          { guard: 'full', actions: assign({ notice: { kind: 'full' } }) },
          { target: 'checking', actions: ['add', ...changed] },
        ],
        'user.setClicks': { guard: 'inBasket', target: 'checking', actions: ['setClicks', ...changed] },
        'user.remove': { guard: 'inBasket', target: 'checking', actions: ['remove', ...changed] },
        'user.clear': { target: 'checking', actions: ['clear', ...changed] },
        'user.checkout': [
          // A retry after a failure: the same key, so the server answers with the same order.
          { guard: 'hasKey', target: 'submitting' },
          { target: 'submitting', actions: 'newKey' },
        ],
        'gateway.declined': { actions: 'returned' },
        'gateway.cancelled': { actions: 'returned' },
        'order.paid': { target: 'checking', actions: ['removeBought', 'forgetAttempt', 'save'] },
      },
    },
    submitting: {
      entry: assign({ error: null, notice: null }),
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context, event }) => {
          assertEvent(event, 'user.checkout');
          return { key: context.key!, organisationId: context.organisationId, accountId: context.accountId, items: context.items, billing: event.billing };
        },
        onDone: { target: 'redirecting', actions: { type: 'redirect', params: ({ event }) => ({ url: event.output.url }) } },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: messageOf(event.error) })) },
      },
    },
    // The browser is on its way to the gateway; it comes back to /shop/thankyou or the basket.
    redirecting: {},
    // Nothing was ordered (a refused basket, no network): the basket is intact and the key kept.
    failed: {
      on: {
        'user.checkout': 'submitting',
        'user.dismiss': { actions: 'dismiss' },
        'user.add': [
          { guard: 'full', actions: assign({ notice: { kind: 'full' } }) },
          { target: 'checking', actions: ['add', ...changed] },
        ],
        'user.setClicks': { guard: 'inBasket', target: 'checking', actions: ['setClicks', ...changed] },
        'user.remove': { guard: 'inBasket', target: 'checking', actions: ['remove', ...changed] },
        'user.clear': { target: 'checking', actions: ['clear', ...changed] },
      },
    },
  },
});

export type BasketSnapshot = SnapshotFrom<typeof basketMachine>;

/** The effects the app supplies: storage, the checkout call, the redirect and UUIDs. */
export type BasketEffects = {
  save: (accountId: number, items: BasketItem[]) => void;
  checkout: (input: CheckoutInput, signal: AbortSignal) => Promise<CheckoutOutput>;
  redirect: (url: string) => void;
  uuid: () => string;
};

export function withBasketEffects(effects: BasketEffects) {
  return basketMachine.provide({
    actors: { checkout: fromPromise(({ input, signal }) => effects.checkout(input, signal)) },
    actions: {
      save: ({ context }) => effects.save(context.accountId, context.items),
      redirect: (_, { url }) => effects.redirect(url),
      newKey: assign({ key: () => effects.uuid(), attempts: ({ context }) => context.attempts + 1 }),
    },
  });
}

/** How many items the basket shows on its icon. */
export const itemCount = (snapshot: BasketSnapshot) => snapshot.context.items.length;
