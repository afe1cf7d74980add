import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { withBasketEffects, type CheckoutInput } from '../../machines/basket';
import { describeModel } from './harness/vitest';
import { accountId, basketModel, billing, gatewayPage, organisationId, refused } from './models/basket.model';

describeModel(basketModel);

describe('the basket on a real actor with the app’s effects', () => {
  function start(checkout: (input: CheckoutInput) => Promise<{ url: string; orderId: number }>) {
    const saved: unknown[] = [];
    const redirect = vi.fn();
    let n = 0;
    const machine = withBasketEffects({
      save: (_, items) => saved.push(items),
      checkout: (input) => checkout(input),
      redirect,
      uuid: () => `uuid-${++n}`,
    });
    const actor = createActor(machine, { input: { accountId, organisationId, items: [] } }).start();
    return { actor, saved, redirect };
  }

  it('keeps the key across a failed retry, makes a new one when the basket changes, and redirects to the gateway', async () => {
    const keys: string[] = [];
    let fail = true;
    const { actor, saved, redirect } = start(async (input) => {
      keys.push(input.key);
      if (fail) throw new Error(refused);
      return gatewayPage;
    });
    actor.send({ type: 'user.add', item: { datasetId: 3, planId: 5, clicks: 1000 } });
    actor.send({ type: 'user.add', item: { datasetId: 3, planId: 4, clicks: 2000 } });
    expect(actor.getSnapshot().context.items.map((i) => i.planId)).toEqual([4, 5]);
    expect(saved).toHaveLength(2);
    actor.send({ type: 'user.checkout', billing });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(refused);
    actor.send({ type: 'user.checkout', billing });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'user.setClicks', planId: 5, clicks: 3000 });
    fail = false;
    actor.send({ type: 'user.checkout', billing });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(keys).toEqual(['uuid-1', 'uuid-1', 'uuid-2']);
    expect(redirect).toHaveBeenCalledExactlyOnceWith(gatewayPage.url);
  });

  it('clears only the items a paid order bought', () => {
    const { actor } = start(async () => gatewayPage);
    actor.send({ type: 'user.add', item: { datasetId: 3, planId: 5, clicks: 1000 } });
    actor.send({ type: 'user.add', item: { datasetId: 3, planId: 6, clicks: 1000 } });
    actor.send({ type: 'order.paid', orderId: 1, lines: [{ accountId, planId: 5 }] });
    expect(actor.getSnapshot().context.items.map((i) => i.planId)).toEqual([6]);
    expect(actor.getSnapshot().context.notice).toEqual({ kind: 'paid', orderId: 1 });
  });
});
