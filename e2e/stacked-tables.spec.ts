import { expect, type Locator, type Page } from '@playwright/test';
import { logIn, test } from './support/fixtures';

// Tables on a phone (src/shared/stackedTable.css): every column a customer needs is on the screen,
// each row a block of labelled lines, with no table to scroll sideways; a tag of 60 characters with
// no space (the demo seed's) wraps, on a phone and on a laptop, in the table and in its delete question.

const longTag = 'acme-uk-erp-connector-eu-west-2-production-primary-node-0001';
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** Signs in and waits for the home page. */
async function signIn(page: Page, email: string) {
  await logIn(page, email);
  await expect(page).toHaveURL(/\/portal\/home/);
}

/** Neither the page nor any table region scrolls sideways. */
async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const regions = await page.locator('.table-scroll').evaluateAll((els) => els.map((el) => el.scrollWidth - el.clientWidth));
  expect(regions.every((extra) => extra <= 0), `table regions wider than their box: ${regions.join(', ')}`).toBe(true);
}

/** The element lies wholly inside the screen's width. */
async function onScreen(element: Locator, what: string) {
  await expect(element, what).toBeVisible();
  const box = (await element.boundingBox())!;
  const width = element.page().viewportSize()!.width;
  expect(box.x, what).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, what).toBeLessThanOrEqual(width);
}

/** Each row of the table shows the labelled cell of each column named, on the screen. */
async function everyRowShows(table: Locator, labels: string[]) {
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    for (const label of labels) await onScreen(rows.nth(i).locator(`td[data-label="${label}"]`), `row ${i + 1}, ${label}`);
  }
}

test.describe('on a phone', () => {
  test.use(phone);

  test('the tokens table shows each token\'s status and actions, the long tag wraps, and its delete question fits @uk-only', async ({ page }) => {
    await signIn(page, 'owner@example.com');
    await page.goto('/portal/administration/tokens');
    const table = page.getByRole('table', { name: 'Tokens' });
    await everyRowShows(table, ['Status', 'Actions', 'Type', 'IP ranges', 'Expiry', 'Services', 'Daily cap']);
    const row = table.locator('tbody tr', { has: page.getByRole('rowheader', { name: longTag }) });
    await onScreen(row.getByRole('rowheader', { name: longTag }), 'the long tag');
    await noSidewaysScroll(page);
    await row.getByRole('button', { name: `Delete token ${longTag}` }).click();
    await onScreen(row.getByText(`Delete token “${longTag}”? This cannot be undone.`), 'the delete question');
    await onScreen(row.getByRole('button', { name: 'Yes, delete token' }), 'the confirm button');
    await noSidewaysScroll(page);
    await row.getByRole('button', { name: 'Cancel' }).click();
  });

  test('the token report fits the screen, its per-token table showing each token\'s status @uk-only', async ({ page }) => {
    await signIn(page, 'owner@example.com');
    await page.goto('/portal/reporting/tokens');
    const totals = page.getByRole('table', { name: 'Clicks per token' });
    await everyRowShows(totals, ['Status', 'Clicks', 'Detail']);
    await onScreen(totals.locator('td[data-label="Token tag"]', { hasText: longTag }), 'the long tag');
    await noSidewaysScroll(page);
  });

  test('the leads table shows each lead\'s status', async ({ page }) => {
    await signIn(page, 'partner@example.com');
    await page.goto('/portal/partner/leads');
    await everyRowShows(page.getByRole('table', { name: /leads \(\d+\)$/ }), ['Contact', 'Opened', 'Close date', 'Status']);
    await noSidewaysScroll(page);
  });

  test('the client-accounts tables show every column, the accounts\' status among them', async ({ page }) => {
    await signIn(page, 'partner@example.com');
    await page.goto('/portal/partner/administration');
    await everyRowShows(page.getByRole('table', { name: 'Client accounts' }), ['Plan', 'Remaining', 'End', 'Estimated expiry']);
    await noSidewaysScroll(page);
    await page.goto('/portal/administration/organisation');
    await everyRowShows(page.getByRole('table', { name: 'Accounts' }), ['Territory', 'Status', 'Id']);
    await noSidewaysScroll(page);
  });
});

test('on a laptop the long tag wraps and its delete question stays inside the table @uk-only', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'owner@example.com');
  await page.goto('/portal/administration/tokens');
  const table = page.getByRole('table', { name: 'Tokens' });
  const row = table.locator('tbody tr', { has: page.getByRole('rowheader', { name: longTag }) });
  await row.getByRole('button', { name: `Delete token ${longTag}` }).click();
  await onScreen(row.getByRole('button', { name: 'Yes, delete token' }), 'the confirm button');
  await onScreen(table.locator('thead th', { hasText: 'Daily cap' }), 'the last column');
  await noSidewaysScroll(page);
});
