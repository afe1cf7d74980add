import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures';
import { blockedMessages } from '../contract/shared/messages';
import { selectAccountAsStaff } from './support/pages';

// Address Cleanse administration as admin@example.com: the prices per territory and cost
// type, a price update refused on a bad value (nothing saved) and saved on a good one (listed, the old
// price in its history), and the royalty and job charge reports; and the owner's statistics page.
// The price changed is Australia's deduplication, which no file of the other specs is priced with.
// Territory does not change these pages: runs once.

const posts = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/bureau/admin/costs')) seen.push(r.url());
  });
  return seen;
};

const cells = async (page: Page, table: string, row: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: row }).first().getByRole('cell').allInnerTexts();

test('an admin updates a price: a bad value is refused and nothing saved, a good one is listed with the old one in its history @uk-only', async ({ page }) => {
  const sent = posts(page);
  await logIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.goto('/portal/search');
  await page.getByRole('link', { name: 'Address Cleanse administration' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Address Cleanse administration' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Prices: United Kingdom (£)' })).toBeVisible();
  const before = await cells(page, 'Prices: Australia (A$)', 'Deduplication');
  expect(before[2]).toMatch(/^\d+(\.\d+)?c$/);

  await page.getByRole('link', { name: 'Update price: Deduplication, Australia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Update price' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Address Cleanse');
  const perRecord = page.getByLabel('Price per record (c)', { exact: true });
  await perRecord.fill('0.12345');
  await page.getByRole('button', { name: 'Save price' }).click();
  await expect(page.getByText('The price per record has at most four decimal places')).toBeVisible();
  await expect(perRecord).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);

  await perRecord.fill('0.2');
  await page.getByRole('button', { name: 'Save price' }).click();
  await expect(page.getByRole('status')).toContainText('The new price of Deduplication, Australia, is saved');
  expect(sent).toHaveLength(1);
  expect((await cells(page, 'Prices: Australia (A$)', 'Deduplication'))[2]).toBe('0.2c');

  await page.getByRole('link', { name: 'Update price: Deduplication, Australia' }).click();
  const history = page.getByRole('table', { name: 'Price history' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('In force');
  await expect(history.getByRole('row').nth(1)).toContainText('0.2c');
  await expect(history.getByRole('row').nth(2)).toContainText('Ended');
  await expect(history.getByRole('row').nth(2)).toContainText(before[2]);
});

test('an admin opens the royalty and job charge reports @uk-only', async ({ page }) => {
  await logIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.goto('/portal/administration/addresscleanse');
  await page.getByRole('link', { name: 'Royalty charges' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Royalty charges' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Address cleanse' })).toBeChecked();
  await page.getByLabel('Territory').selectOption('australia');
  await page.getByRole('button', { name: 'This year' }).click();
  await expect(page).toHaveURL(/view=royalties.*territory=australia|territory=australia.*view=royalties/);
  await expect(page.getByRole('heading', { level: 2, name: /^Australia, / })).toBeVisible();
  await expect(page.getByText(/No charges in this range|Royalties owed/).first()).toBeVisible();

  await page.getByRole('link', { name: 'Job charges' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Job charges' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /of \d+ jobs?, / })).toBeVisible();
  await expect(page.getByText(/No jobs in this range|charged, /).first()).toBeVisible();
});

test('an owner opens the Address Cleanse statistics and changes the dates @uk-only', async ({ page }) => {
  await logIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.getByRole('button', { name: 'Applications' }).click();
  await page.getByRole('menuitem', { name: 'Address Cleanse' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Address Cleanse: / })).toBeVisible();
  await page.getByRole('button', { name: 'Last month' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01/);
  await expect(page.getByText(/No files cleansed from|Files cleansed/).first()).toBeVisible();
  await expect(page.getByText(/\d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
});

test('staff who select a customer account see its Address Cleanse statistics, and its files pages refuse them with the spec message @uk-only', async ({ page }) => {
  await logIn(page, 'sales@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await selectAccountAsStaff(page, 'Acme UK');
  await page.goto('/portal/applications/addresscleanse');
  await expect(page.getByRole('heading', { level: 1, name: 'Address Cleanse: Acme UK' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('note').first()).toContainText("An account's files and uploads are its owners' alone");
  await expect(page.getByRole('link', { name: 'Upload a file' })).toHaveCount(0);
  for (const path of ['/portal/applications/addresscleanse/upload', '/portal/applications/addresscleanse/file/1']) {
    await page.goto(path);
    await expect(page.getByText(blockedMessages.account)).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  }
});

test('an admin schedules a price, changes it from its Change link and withdraws it after confirming: the price in force runs on @uk-only', async ({ page }) => {
  await logIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.goto('/portal/administration/addresscleanse');
  const au = page.getByRole('table', { name: 'Prices: Australia (A$)' });
  // The price in force, read once the table is there (allInnerTexts does not wait).
  await expect(au.getByRole('row').filter({ hasText: 'Deduplication' }).first()).toBeVisible();
  const inForce = await cells(page, 'Prices: Australia (A$)', 'Deduplication');
  expect(inForce.length).toBeGreaterThan(3);
  await au.getByRole('link', { name: 'Update price: Deduplication, Australia' }).click();
  const d = new Date(Date.now() + 20 * 86_400_000);
  const day = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
  await page.getByLabel('Start date').fill(day);
  await page.getByLabel('Base price (A$)').fill('1.23');
  await page.getByRole('button', { name: 'Save price' }).click();
  await expect(au.getByText(`From ${day}: A$1.23`)).toBeVisible();

  // Changing it: the form starts on its day, so saving replaces it rather than following it.
  await au.getByRole('link', { name: 'Change scheduled price: Deduplication, Australia' }).click();
  await expect(page.getByLabel('Start date')).toHaveValue(day);
  await page.getByLabel('Base price (A$)').fill('4.56');
  await page.getByRole('button', { name: 'Save price' }).click();
  await expect(au.getByText(`From ${day}: A$4.56`)).toBeVisible();
  await expect(au.getByText(`From ${day}: A$1.23`)).toHaveCount(0);

  const withdraw = au.getByRole('button', { name: `Withdraw scheduled price Deduplication, Australia, from ${day}` });
  await withdraw.click();
  await au.getByRole('button', { name: 'Cancel' }).click();
  await expect(au.getByText(`From ${day}: A$4.56`)).toBeVisible();
  await withdraw.click();
  await au.getByRole('button', { name: 'Yes, withdraw scheduled price' }).click();
  await expect(au.getByText(`From ${day}`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Prices: Australia (A$)' }).getByText(`From ${day}`)).toHaveCount(0);
  // Read again once the reloaded table is there: the price in force runs on, unchanged.
  await expect.poll(() => cells(page, 'Prices: Australia (A$)', 'Deduplication')).toEqual(inForce);
});
