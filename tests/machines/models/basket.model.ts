/**
 * Model of the basket of one account (spec section 3 Basket item, section 9: sorted by plan then
 * clicks) and its checkout: add (the same plan twice merges), change clicks, remove, clear, check out
 * (one idempotency key per attempt, kept for a retry until the basket changes), come back declined,
 * cancelled or paid.
 */
import assert from 'node:assert/strict';
import { maxBasketItems } from '../../../contract/shared/shop';
import { basketMachine, type BasketEvent, type BasketItem, type Billing } from '../../../machines/basket';
import { defineModel, type EventSamples } from '../harness/model';

export const accountId = 12;
export const organisationId = 11;
export const billing: Billing = {
  name: 'Olivia Owner',
  company: 'Northwind Retail',
  email: 'olivia@example.com',
  address1: '1 High Street',
  address2: '',
  address3: '',
  address4: '',
  town: 'Leeds',
  county: '',
  postcode: 'LS1 1AA',
  country: 'United Kingdom',
};
export const gatewayPage = { url: 'http://localhost/gateway/pay/cs_1', orderId: 77 };
export const refused = 'Failed to check out: Plan 9 is not sold in your territory';

const item = (planId: number, clicks: number): BasketItem => ({ organisationId, ccId: accountId, datasetId: 3, planId, clicks });
/** A basket that holds as many plans as one checkout takes. */
export const fullItems = Array.from({ length: maxBasketItems }, (_, i) => item(101 + i, 1000));

const events = {
  'user.add': [
    { type: 'user.add', item: { datasetId: 3, planId: 2, clicks: 1000 } },
    { type: 'user.add', item: { datasetId: 3, planId: 1, clicks: 5000 } },
  ],
  'user.setClicks': [{ type: 'user.setClicks', planId: 2, clicks: 20000 }],
  'user.remove': [{ type: 'user.remove', planId: 2 }],
  'user.clear': [{ type: 'user.clear' }],
  'user.checkout': [{ type: 'user.checkout', billing }],
  'user.dismiss': [{ type: 'user.dismiss' }],
  'gateway.declined': [{ type: 'gateway.declined', orderId: 77 }],
  'gateway.cancelled': [{ type: 'gateway.cancelled', orderId: 77 }],
  'order.paid': [{ type: 'order.paid', orderId: 77, lines: [{ accountId, planId: 2 }] }],
} satisfies EventSamples<BasketEvent>;

const isSorted = (items: readonly BasketItem[]) => items.every((x, i) => i === 0 || items[i - 1].planId < x.planId || (items[i - 1].planId === x.planId && items[i - 1].clicks <= x.clicks));
const changesItems = new Set(['user.add', 'user.setClicks', 'user.remove', 'user.clear']);

export const basketModel = defineModel({
  machine: basketMachine,
  inputs: {
    /** A first visit: nothing saved for the account. */
    fresh: { accountId, organisationId, items: [] },
    /** Items saved by an earlier visit, out of order in storage. */
    saved: { accountId, organisationId, items: [item(2, 500), item(1, 100)] },
    /** As many plans as one checkout takes. */
    full: { accountId, organisationId, items: fullItems },
  },
  events,
  actors: { checkout: { done: [gatewayPage], error: new Error(refused) } },
  delays: {},
  traversal: {
    simplePaths: false,
    // Clicks grow with every add of the same plan: the plans held, the key and the notice tell states apart.
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.items.map((i) => i.planId), s.context.key !== null, s.context.error, s.context.notice?.kind ?? null]),
  },
  expect: {
    states: {
      empty: (s) => {
        assert.deepEqual(s.context.items, [], "the page says 'No items in basket'");
        assert.equal(s.context.key, null);
      },
      ready: (s, step) => {
        assert.ok(s.context.items.length > 0);
        assert.ok(isSorted(s.context.items), 'sorted by plan then clicks');
        assert.ok(s.context.items.every((i) => i.ccId === accountId && i.organisationId === organisationId), 'items of this account');
        if (changesItems.has(step.event.type) && JSON.stringify(step.previous?.context.items) !== JSON.stringify(s.context.items)) {
          assert.deepEqual(step.actions.map((a) => a.type), ['save'], 'every change is saved');
          assert.equal(s.context.key, null, 'a changed basket is a new attempt');
        }
        const event = step.event;
        if (event.type === 'user.add' && step.previous) {
          const before = step.previous.context.items.find((i) => i.planId === event.item.planId);
          const after = s.context.items.find((i) => i.planId === event.item.planId);
          if (step.previous.context.items.length >= maxBasketItems && !before) {
            assert.deepEqual(s.context.notice, { kind: 'full' });
            assert.equal(after, undefined, 'a full basket takes no new plan');
          } else if (before) {
            assert.equal(after!.clicks, before.clicks + event.item.clicks, 'the same plan twice adds the clicks');
            assert.deepEqual(s.context.notice, { kind: 'merged', planId: before.planId, clicks: after!.clicks });
            assert.equal(s.context.items.length, step.previous.context.items.length);
          } else assert.equal(s.context.items.length, step.previous.context.items.length + 1);
        }
        if (step.event.type === 'gateway.declined' || step.event.type === 'gateway.cancelled') {
          assert.deepEqual(s.context.items, step.previous?.context.items, 'the basket stays as it was');
          assert.equal(s.context.notice?.kind, step.event.type === 'gateway.declined' ? 'declined' : 'cancelled');
        }
      },
      submitting: (s, step) => {
        assert.equal(step.event.type, 'user.checkout');
        assert.ok(s.context.key, 'every attempt carries an idempotency key');
        if (step.previous?.matches('failed')) assert.equal(s.context.key, step.previous.context.key, 'a retry keeps the key');
        else assert.equal(s.context.key, `attempt-${s.context.attempts}`, 'a new attempt makes a new key');
        assert.deepEqual(step.invoked, [
          { src: 'checkout', id: 'checkout', input: { key: s.context.key, organisationId, accountId, items: s.context.items, billing } },
        ]);
        assert.equal(s.context.error, null);
      },
      redirecting: (s, step) => {
        assert.equal(step.event.type, 'xstate.done.actor.checkout');
        assert.deepEqual(step.actions, [{ type: 'redirect', params: { url: gatewayPage.url } }], 'to the gateway page');
        assert.ok(s.context.items.length > 0, 'the basket stays until the order is paid');
      },
      failed: (s, step) => {
        assert.equal(s.context.error, refused, 'the server says why');
        assert.deepEqual(s.context.items, step.history.at(-1)?.previous?.context.items ?? s.context.items, 'the basket is intact');
        assert.ok(s.context.key, 'the key is kept for a retry');
        if (step.event.type === 'user.add') assert.deepEqual(s.context.notice, { kind: 'full' });
      },
      checking: () => assert.fail('checking is left at once'),
    },
  },
  examples: [
    // Paid: the order's items leave the basket and the saved copy.
    {
      scenario: 'saved',
      events: [
        { type: 'user.checkout', billing },
        { type: 'xstate.done.actor.checkout', output: gatewayPage, actorId: 'checkout' },
      ],
    },
    { scenario: 'saved', events: [{ type: 'order.paid', orderId: 77, lines: [{ accountId, planId: 2 }, { accountId, planId: 1 }] }] },
    // A change after a failure forgets the key: the next checkout is a new attempt.
    {
      scenario: 'saved',
      events: [
        { type: 'user.checkout', billing },
        { type: 'xstate.error.actor.checkout', error: new Error(refused), actorId: 'checkout' },
        { type: 'user.setClicks', planId: 1, clicks: 300 },
        { type: 'user.checkout', billing },
      ],
    },
  ],
});
