import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures';

// Data administration: an admin builds a dataset and a plan with two price tiers, a filter
// and a comparison, and the plan is in the catalogue at the right price in the portal's currency. Bad
// input (overlapping tiers, an availability window ending before it starts) is refused on the page
// and nothing is created. Runs in both territories: the plan is priced in £ on the UK portal, A$ on
// the Australian one.

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const tier = (page: Page, row: number, part: string) => page.getByLabel(`Tier ${row} ${part}`, { exact: false });

test('an admin creates a dataset and a plan with two tiers, a filter and a comparison; bad input creates nothing', async ({ page, baseURL }) => {
  const symbol = baseURL!.includes('aus-') ? 'A$' : '£';
  const unique = `${Date.now().toString(36)}${Math.round(Math.random() * 1e4)}`.toUpperCase();
  const datasetName = `E2E dataset ${unique}`;
  const planName = `E2E plan ${unique}`;

  await logIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Datasets & Plans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Datasets & Plans' })).toBeVisible();

  // The dataset.
  await page.getByRole('link', { name: 'Create dataset' }).click();
  await page.getByLabel('Name').fill(datasetName);
  await page.getByLabel('Reference').fill(`e2e-${unique}`);
  await page.getByLabel('Service').selectOption('email');
  await page.getByRole('button', { name: 'Create dataset' }).click();
  await expect(page.getByRole('heading', { level: 1, name: datasetName })).toBeVisible();
  await expect(page.getByText(`E2E-${unique}`).first()).toBeVisible();

  // The plan, from the dataset's page (the dataset is chosen already).
  await page.getByRole('link', { name: 'Create plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create plan' })).toBeVisible();
  await expect(page.getByLabel('Dataset', { exact: true })).toHaveValue(/\d+/);
  await page.getByLabel('Name', { exact: true }).fill(planName);
  await tier(page, 1, 'to clicks').fill('10000');
  await tier(page, 1, 'price per 1,000 clicks').fill('30');
  await page.getByRole('button', { name: 'Add tier' }).click();
  await expect(tier(page, 2, 'from clicks')).toHaveValue('10001');
  await tier(page, 2, 'price per 1,000 clicks').fill('20.5');
  await expect(page.locator('#tiers-calculator-result')).toContainText(`${symbol}300.00 for 10,000 clicks`);

  // Bad input: overlapping tiers. The message shows as typed and the form does not send.
  await tier(page, 2, 'from clicks').fill('5000');
  await expect(page.locator('#tiers-problem')).toHaveText('Price tiers overlap: 1–10,000 and 5,000+');
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page).toHaveURL(/\/plan\/create/);
  await tier(page, 2, 'from clicks').fill('10001');
  await expect(page.locator('#tiers-problem')).toHaveText('The tiers price every quantity.');

  // Bad input: the window ends before it starts.
  await page.getByLabel('Available from').fill(day(0));
  await page.getByLabel('Available until').fill(day(-1));
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByText('The availability window must end after it starts')).toBeVisible();
  await expect(page.getByLabel('Available until')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/plan\/create/);
  await page.getByLabel('Available until').fill(day(365));
  await page.getByRole('button', { name: 'Create plan' }).click();

  // The plan's page: its tiers in the territory's currency, and the calculator.
  await expect(page.getByRole('heading', { level: 1, name: planName })).toBeVisible();
  const tiers = page.getByRole('table', { name: 'Pricing' });
  await expect(tiers.getByRole('row')).toHaveCount(3);
  await expect(tiers.getByRole('row').nth(1)).toContainText(`${symbol}30.00`);
  await expect(tiers.getByRole('row').nth(2)).toContainText(`${symbol}20.50`);
  const calculator = page.getByRole('group', { name: 'Price calculator' });
  await calculator.getByLabel('Clicks').fill('20000');
  await expect(calculator).toContainText(`${symbol}410.00 for 20,000 clicks`);
  await expect(page.getByText(`Available until`).locator('xpath=following-sibling::dd[1]')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);

  // A filter and a comparison.
  await page.getByRole('link', { name: 'Edit filters' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Filters of ${planName}` })).toBeVisible();
  await page.getByLabel('Description').fill('High volume');
  await page.getByLabel('Category').fill('Volume');
  await page.getByRole('button', { name: 'Add filter' }).click();
  await expect(page.getByText('Filter “High volume” added.')).toBeVisible();
  await expect(page.getByRole('table', { name: `Filters of ${planName}` })).toContainText('High volume');
  await page.getByRole('link', { name: 'Comparisons' }).click();
  // The filters page has a Description field too: fill the comparison's once its page is shown.
  await expect(page.getByRole('heading', { level: 1, name: `Comparisons of ${planName}` })).toBeVisible();
  await page.getByLabel('Description').fill('Mailbox check without sending mail');
  await page.getByRole('button', { name: 'Add comparison' }).click();
  await expect(page.getByRole('table', { name: `Comparisons of ${planName}` })).toContainText('Mailbox check without sending mail');
  await page.getByRole('link', { name: 'Back to the plan' }).click();
  await expect(page.getByRole('table', { name: 'Filters' })).toContainText('Volume');
  await expect(page.getByRole('table', { name: 'Comparisons' })).toContainText('Mailbox check without sending mail');

  // The catalogue lists the plan once, at its first band's rate in the portal's currency.
  await page.getByRole('link', { name: 'Datasets & Plans' }).click();
  const row = page.getByRole('table', { name: 'Plans' }).getByRole('row').filter({ hasText: planName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${symbol}30.00 per 1,000 clicks`);
  await expect(row).toContainText(datasetName);
  await expect(row).toContainText('Available');
  // The dataset now has a plan: it cannot be deleted, and says why.
  await page.getByRole('link', { name: datasetName }).first().click();
  await expect(page.getByRole('button', { name: 'Delete dataset' })).toBeDisabled();
  await expect(page.getByText(`${datasetName} cannot be deleted while 1 plan uses it.`, { exact: false })).toBeVisible();
});
