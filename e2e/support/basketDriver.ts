import type { Page } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import type { basketMachine, BasketItem } from '../../machines/basket';
import type { ModelDriver } from '../../tests/machines/harness/driver';
import type { ModelPath } from '../../tests/machines/harness/model';
import { cancelledText, declinedText, emptyBasketText } from '../../src/areas/shop/shopPages';
import { expect } from './fixtures';
import { basketIcon, fillBilling, emailPlan, lookupPlan, signInAsBuyer } from './shop';

// The basket model's paths (tests/machines/models/basket.model.ts) walked in Chromium through the
// real shop: the model's plans 1 and 2 are the territory's address lookup and email validation
// plans (in the same order of plan id), its events are the shop's gestures, and each state is
// checked on the basket page (rows, icon count, messages) or on the gateway's page.

type Basket = typeof basketMachine;
export type BasketPath = ModelPath<Basket>;
export type BasketRun = { page: Page; path: BasketPath; index: number; territory: string };

/** Why a path cannot be walked in the browser, or null. */
export function blockerOf(path: BasketPath): string | null {
  if (path.scenario !== 'fresh') return `scenario ${path.scenario}: a saved basket of the model's made-up plan ids`;
  const i = path.steps.findIndex((s) => s.event.type === 'order.paid');
  if (i >= 0) return `step ${i}, order.paid: needs an order paid for exactly the model's plans (the paid journey is e2e/shop.spec.ts)`;
  return null;
}

const pages = { 1: { page: 'addresslookup', plan: lookupPlan }, 2: { page: 'emailValidation', plan: emailPlan } } as const;
const planOf = (run: BasketRun, planId: number) => {
  const known = pages[planId as 1 | 2];
  if (!known) throw new Error(`the model's plan ${planId} has no real plan`);
  return { page: known.page, name: known.plan(run.territory) };
};

/** Back to the basket by the account bar's icon: a link inside the app, so the actor (and its key) stays. */
async function toBasket(page: Page) {
  if (!page.url().includes('/portal/shop/basket')) await basketIcon(page).click();
  await expect(page.getByRole('heading', { name: 'Basket', level: 1 })).toBeVisible();
}

async function expectItems(run: BasketRun, items: readonly BasketItem[]) {
  const { page } = run;
  await toBasket(page);
  await expect(basketIcon(page)).toHaveAccessibleName(`Basket, ${items.length} ${items.length === 1 ? 'item' : 'items'}`);
  if (items.length === 0) {
    await expect(page.getByText(emptyBasketText, { exact: true })).toBeVisible();
    return;
  }
  const rows = page.locator('.basket__table tbody tr');
  await expect(rows.locator('th')).toHaveText(items.map((i) => planOf(run, i.planId).name));
  // The field keeps what was typed ("20000" or "20,000"): compare the number.
  for (const [n, item] of items.entries()) {
    await expect.poll(async () => Number((await rows.nth(n).getByRole('textbox').inputValue()).replace(/,/g, ''))).toBe(item.clicks);
  }
}

async function expectNotice(run: BasketRun, snapshot: { context: { notice: { kind: string } | null } }) {
  const notice = run.page.locator('.basket__notice');
  const kind = snapshot.context.notice?.kind;
  if (!kind) return expect(notice).toHaveCount(0);
  const text = { merged: 'was already in your basket', declined: declinedText, cancelled: cancelledText, full: 'as many plans', paid: 'paid' }[kind] ?? kind;
  await expect(notice).toContainText(text);
}

export function basketDriver({ page, territory }: { page: Page; territory: string }): ModelDriver<Basket, BasketRun> {
  const nextEvent = (run: BasketRun) => (run.path.steps[run.index + 2]?.event as AnyEventObject | undefined)?.type ?? '';
  return {
    async start(path) {
      await signInAsBuyer(page, territory);
      return { page, path, index: 0, territory };
    },
    afterStep(run, _path, index) {
      run.index = index;
    },
    states: {
      checking: () => {
        throw new Error('checking is left at once');
      },
      empty: async (run, s) => {
        await expectItems(run, []);
        await expectNotice(run, s);
      },
      ready: async (run, s) => {
        await expectItems(run, s.context.items);
        await expectNotice(run, s);
        await expect(page.getByRole('button', { name: /^Checkout / })).toBeEnabled();
      },
      // The call is under way until the effect step: nothing to see for certain yet.
      submitting: () => {},
      redirecting: async () => {
        await expect(page).toHaveURL(/\/gateway\/pay\//);
        await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
      },
      failed: async (run, s) => {
        await expectItems(run, s.context.items);
        await expect(page.locator('#basket-error')).toHaveText(/Address line 1 is required/);
      },
    },
    events: {
      'user.add': async (run, e) => {
        const plan = planOf(run, e.item.planId);
        await page.getByRole('link', { name: 'Shop', exact: true }).first().click();
        await page.getByRole('link', { name: /^See plans for / }).first().waitFor();
        await page.locator(`a[href$="/shop/${plan.page}"]`).first().click();
        const card = page.getByRole('article', { name: plan.name });
        await card.getByLabel('Clicks').fill(String(e.item.clicks));
        await card.getByRole('button', { name: 'Add to basket' }).click();
      },
      'user.setClicks': async (run, e) => {
        await toBasket(page);
        await page.getByRole('textbox', { name: `Clicks of ${planOf(run, e.planId).name}` }).fill(String(e.clicks));
      },
      'user.remove': async (run, e) => {
        await toBasket(page);
        await page.getByRole('button', { name: `Remove ${planOf(run, e.planId).name}` }).click();
      },
      'user.clear': async () => {
        await toBasket(page);
        await page.getByRole('button', { name: 'Empty the basket' }).click();
      },
      'user.checkout': async (run) => {
        await toBasket(page);
        const form = await fillBilling(page);
        // The server refuses a billing address without its first line: how a refusal is made for real.
        await form.getByLabel('Address line 1').fill(nextEvent(run) === 'xstate.error.actor.checkout' ? '' : '1 High Street');
        await form.getByRole('button', { name: /^Checkout / }).click();
        // A path that ends here still waits for the checkout to land on the gateway's page, so the
        // browser is not closed in the middle of the order's request and redirect.
        if (nextEvent(run) === '') await expect(page).toHaveURL(/\/gateway\/pay\//, { timeout: 20_000 });
      },
      'user.dismiss': async () => {
        await toBasket(page);
        const dismiss = page.getByRole('button', { name: 'Dismiss' });
        if (await dismiss.count()) await dismiss.click();
      },
      // The gateway's way back to the basket (a real provider's cancel URL, with the order id).
      'gateway.declined': async (_run, e) => {
        await page.goto(`/portal/shop/basket?orderId=${e.orderId}&payment=declined`);
      },
      'gateway.cancelled': async (_run, e) => {
        await page.goto(`/portal/shop/basket?orderId=${e.orderId}&payment=cancelled`);
      },
      'order.paid': () => {
        throw new Error('not drivable: see blockerOf');
      },
    },
    effects: {
      done: async () => {
        await expect(page).toHaveURL(/\/gateway\/pay\//, { timeout: 20_000 });
      },
      error: async () => {
        await expect(page.locator('#basket-error')).toBeVisible();
      },
      after: () => {
        throw new Error('the basket has no delays');
      },
    },
  };
}
