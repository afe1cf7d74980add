import { blockedMessages } from '../contract/shared/messages';
import { expect, logIn, test } from './support/fixtures';
import { signInAsBuyer } from './support/shop';

// The bureau wizard's pages in Chromium at a desktop and a phone width. The whole workflow with a real
// file (upload with a reload in the middle, test, results, pay, download) is e2e/bureau-workflow.spec.ts.

test('an Australian account is refused the upload page with the spec’s message @australia-only', async ({ page }, info) => {
  await signInAsBuyer(page, info.project.name);
  await page.goto('/portal/applications/addresscleanse/upload');
  await expect(page.getByText(blockedMessages.account)).toBeVisible();
});

for (const width of [1366, 390]) {
  test(`the upload page at ${width} px: a labelled file picker, no sideways scroll @uk-only`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsBuyer(page, info.project.name);
    await page.goto('/portal/applications/addresscleanse/upload');
    await expect(page.getByRole('heading', { name: 'Upload a file to cleanse' })).toBeVisible();
    await expect(page.getByLabel('File to cleanse (CSV or delimited text)')).toBeEnabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `test-results/bureau-upload-${width}.png`, fullPage: true });
  });
}

const noSidewaysScroll = (page: import('@playwright/test').Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const width of [1366, 390]) {
  test(`the file list and the demo file's pages at ${width} px: no sideways scroll @uk-only`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
    await logIn(page, 'owner@example.com');
    await expect(page.getByTestId('account-label')).toContainText('Acme UK');
    await page.goto('/portal/applications/addresscleanse');
    const demo = page.getByRole('link', { name: 'Acme customers (demo).csv' });
    await expect(demo).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `test-results/bureau-list-${width}.png`, fullPage: true });
    const href = (await demo.getAttribute('href'))!;

    await page.goto(`${href}/updatefields`);
    await expect(page.getByLabel('What Postcode holds')).toHaveValue('postcode');
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `test-results/bureau-updatefields-${width}.png`, fullPage: true });

    await page.goto(`${href}/properties`);
    await expect(page.getByLabel('Reference file')).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `test-results/bureau-properties-${width}.png`, fullPage: true });

    await page.goto(href);
    await expect(page.getByRole('heading', { name: /^Free test on \d+ records$/ })).toBeVisible({ timeout: 30_000 });
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `test-results/bureau-file-${width}.png`, fullPage: true });
  });
}

test('an owner sets how long files are kept; a bad number is said under its field @uk-only', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  await logIn(page, 'owner@example.com');
  await expect(page.getByTestId('account-label')).toContainText('Acme UK');
  await page.goto('/portal/applications/addresscleanse');
  const uploads = page.getByLabel('Keep uploads (days)');
  const results = page.getByLabel('Keep results (days)');
  await results.fill('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Keep results at least 1 day');
  await uploads.fill('45');
  await results.fill('60');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText('Saved: uploads are kept 45 days, results 60 days.');
  await page.reload();
  await expect(uploads).toHaveValue('45');
  await expect(results).toHaveValue('60');
  // Back to the defaults, for the other specs sharing the demo server.
  await uploads.fill('30');
  await results.fill('30');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText('Saved: uploads are kept 30 days, results 30 days.');
});

test('Administration > Address Cleanse gives an owner the account\'s own settings, and the price update the spec\'s refusal @uk-only', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  await logIn(page, 'owner@example.com');
  await expect(page.getByTestId('account-label')).toContainText('Acme UK');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Administration/ }).click();
  await page.getByRole('menu', { name: 'Administration' }).getByRole('menuitem', { name: 'Address Cleanse' }).click();
  await expect(page.getByRole('heading', { name: 'Address Cleanse administration: Acme UK' })).toBeVisible();
  await expect(page.getByLabel('Keep uploads (days)')).toHaveValue(/^\d+$/);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.screenshot({ path: 'test-results/bureau-owner-admin-390.png', fullPage: true });
  await page.goto('/portal/administration/addresscleanse/priceupdate/1');
  await expect(page.getByText(blockedMessages.notThroughAccount)).toBeVisible();
});
