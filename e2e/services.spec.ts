import type { APIRequestContext, Page } from '@playwright/test';
import { demoPassword, dismissModal, expect, logIn, test } from './support/fixtures';
import { selectAccountAsStaff } from './support/pages';

// The services pages against the real server and its demo seed: sales creates a bundle for
// Acme UK, the owner sees it with the right remaining clicks; an update with start date 0 keeps the
// start date (spec section 5); the owner disables a subscription and enables it again with the password.

const plan = 'Address Lookup UK';

async function tokenOf(api: APIRequestContext, email: string) {
  const basic = Buffer.from(`${email}:${demoPassword}`).toString('base64');
  const auth = await api.get('/api/users/auth', { headers: { authorization: `Basic ${basic}` } });
  expect(auth.status()).toBe(200);
  return ((await auth.json()) as { jwt: string }).jwt;
}

type Summary = { plan: string; remainClicks: number; bundles: { bundleId: number; startDate: number; clicks: number; remainingClicks: number }[] };

/**
 * The owner's view of Acme UK's subscriptions, read straight from the plans manager. A token of its
 * own each time: e2e sessions last 20 s.
 */
async function acmeUkPlans(api: APIRequestContext): Promise<Summary[]> {
  const headers = { authorization: `Bearer ${await tokenOf(api, 'owner@example.com')}` };
  const groups = (await (await api.get('/api/users/groups?recurse=true', { headers })).json()) as { name: string; type: string; children?: unknown[] }[];
  const flat = (list: unknown[]): { id: number; name: string; type: string }[] =>
    (list as { id: number; name: string; type: string; children?: unknown[] }[]).flatMap((g) => [g, ...flat(g.children ?? [])]);
  const acmeUk = flat(groups).find((g) => g.type === 'account' && g.name === 'Acme UK')!;
  const answer = await api.get(`/api/plans/account/plans?accountId=${acmeUk.id}`, { headers });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Summary[];
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test.describe.configure({ mode: 'serial' });

let created: { bundleId: number; startDate: number } | undefined;

test('sales creates a bundle for Acme UK; the owner sees it with the right remaining clicks @uk-only', async ({ browser, api }) => {
  const before = (await acmeUkPlans(api)).find((s) => s.plan === plan)!;

  const sales = await (await browser.newContext()).newPage();
  await sales.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  await logIn(sales, 'sales@example.com');
  await expect(sales).toHaveURL(/\/portal\/home/);
  await selectAccountAsStaff(sales, 'Acme UK');
  await sales.goto('/portal/administration/services/bundlecreate');
  await expect(sales.getByRole('heading', { name: 'Create a bundle' })).toBeVisible();
  await sales.getByLabel('Plan').selectOption({ label: `${plan} · Address lookup · PAF` });
  // Start today, end after the plan's duration: both shown before anything is typed.
  await expect(sales.getByLabel('Start date')).not.toHaveValue('');
  await expect(sales.getByLabel('End date')).not.toHaveValue('');
  await sales.getByLabel('Clicks').fill('5000');
  await expect(sales.getByLabel('Price')).not.toHaveValue('');
  await sales.getByRole('button', { name: 'Create bundle' }).click();
  await expect(sales).toHaveURL(/\/portal\/administration\/services$/);
  const salesTable = card(sales, plan).getByRole('table');
  const newest = salesTable.getByRole('row').nth(1);
  await expect(newest).toContainText('Added by staff');
  await expect(newest.getByRole('cell').nth(1)).toHaveText('5,000');
  await sales.context().close();

  const after = (await acmeUkPlans(api)).find((s) => s.plan === plan)!;
  const bundle = after.bundles[0];
  expect(bundle.bundleId).toBeGreaterThan(Math.max(...before.bundles.map((b) => b.bundleId)));
  expect(after.remainClicks).toBe(before.remainClicks + 5_000);
  created = bundle;

  const owner = await (await browser.newContext()).newPage();
  await owner.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  await logIn(owner, 'owner@example.com');
  await expect(owner).toHaveURL(/\/portal\/home/);
  await owner.goto('/portal/administration/services');
  const mine = card(owner, plan);
  await expect(mine.getByText(/clicks remaining/)).toHaveText(`${after.remainClicks.toLocaleString('en-GB')} clicks remaining`);
  const row = mine.getByRole('table').getByRole('row').nth(1);
  await expect(row.getByRole('cell').first()).toHaveText(String(bundle.bundleId));
  await expect(row.getByRole('cell').nth(3)).toHaveText('5,000');
  await owner.context().close();
});

test('a bundle update with start date 0 keeps the start date it had (spec section 5) @uk-only', async ({ api }) => {
  expect(created).toBeDefined();
  const salesJwt = await tokenOf(api, 'sales@example.com');
  const answer = await api.put(`/api/plans/bundles?bundleId=${created!.bundleId}`, {
    headers: { authorization: `Bearer ${salesJwt}` },
    data: { startDate: 0, clicks: 6_000 },
  });
  expect(answer.status()).toBe(200);
  const updated = (await answer.json()) as { startDate: number; clicks: number };
  expect(updated).toMatchObject({ startDate: created!.startDate, clicks: 6_000 });
  const summary = (await acmeUkPlans(api)).find((s) => s.plan === plan)!;
  expect(summary.bundles.find((b) => b.bundleId === created!.bundleId)).toMatchObject({ startDate: created!.startDate, clicks: 6_000 });
});

test('the owner disables a subscription and enables it again with the password @uk-only', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  await logIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.goto('/portal/administration/services');
  const subscription = card(page, plan);
  await subscription.getByRole('button', { name: 'Disable' }).click();
  const confirm = page.getByRole('dialog', { name: `Disable ${plan}?` });
  await expect(confirm).toContainText('will be refused');
  await confirm.getByRole('button', { name: 'Disable subscription' }).click();
  await expect(confirm).toBeHidden();
  await expect(subscription.locator('.badge').first()).toHaveText('Disabled');

  await subscription.getByRole('button', { name: 'Enable' }).click();
  const enable = page.getByRole('dialog', { name: `Enable ${plan}` });
  // The renewal the subscription had is offered again, ticked, priced by the plan.
  await expect(enable.getByLabel(/Renew automatically/)).toBeChecked();
  await expect(enable.getByLabel('Clicks for each renewal')).toHaveValue('50000');
  await expect(enable).toContainText(/One renewal of 50,000 clicks costs £[\d,]+\.\d\d\./);
  await enable.getByLabel('Your password').fill('not-the-password');
  await enable.getByRole('button', { name: 'Enable subscription' }).click();
  expect(await dismissModal(page)).toMatch(/^Error\s+Failed to enable the subscription: /);
  await enable.getByLabel('Your password').fill(demoPassword);
  await enable.getByRole('button', { name: 'Enable subscription' }).click();
  await expect(enable).toBeHidden();
  await expect(subscription.locator('.badge').first()).toHaveText('Active');
  await expect(page.getByRole('status').filter({ hasText: `${plan} is enabled.` })).toBeVisible();
});
