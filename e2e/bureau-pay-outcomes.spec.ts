import { writeFileSync } from 'node:fs';
import { ukCustomerCsv } from '../server/engines/address/customerCsv';
import { seriousAxeFindings } from './support/axe';
import { expect, logIn, test } from './support/fixtures';
import { fillBilling, payWith } from './support/shop';

// A bureau file's payment in Chromium at a desktop and a phone width: the properties page shows the
// price lines of its settings before anything is bought; a declined card comes back to the file page
// with an alert and the billing details kept; paying shows the statistics, what was paid with its
// invoice, and until when the results are kept. No sideways scroll, no serious axe finding.

const rows = 40;
const noSidewaysScroll = (page: import('@playwright/test').Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const width of [1366, 390]) {
  test(`a file's price lines, a declined card and a paid file at ${width} px @uk-only`, async ({ page }, info) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const path = info.outputPath(`pay-outcomes-${width}.csv`);
    writeFileSync(path, ukCustomerCsv(rows));
    await page.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
    await logIn(page, 'owner@example.com');
    await expect(page.getByTestId('account-label')).toContainText('Acme UK');
    await page.goto('/portal/applications/addresscleanse/upload');
    await page.getByLabel('File to cleanse (CSV or delimited text)').setInputFiles(path);
    await expect(page).toHaveURL(/\/file\/\d+\/updatefields$/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Save and choose the properties' }).click();

    await expect(page).toHaveURL(/\/file\/\d+\/properties$/);
    const lines = page.getByLabel('Price lines');
    await expect(lines).toContainText('Address cleanse');
    await expect(lines).toContainText('Suppression screening');
    await expect(page.getByTestId('screening-fee')).toContainText('Set every list to Off to leave it out.');
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: `test-results/bureau-properties-prices-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save and run the free test' }).click();

    await expect(page.getByRole('heading', { name: /^Free test on \d+ records$/ })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Run the results' }).click();
    await expect(page.getByRole('heading', { name: `Results of ${rows} records` })).toBeVisible({ timeout: 45_000 });
    const total = await page.getByTestId('results-total').innerText();

    // A required field left empty is said under it, and nothing is sent.
    const form = await fillBilling(page, 'Buy the results');
    await form.getByLabel('Town', { exact: true }).fill('');
    await form.getByRole('button', { name: `Pay ${total}` }).click();
    await expect(form.getByText('Town is required')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await form.getByLabel('Town', { exact: true }).fill('Leeds');
    await form.getByLabel('Address line 1', { exact: true }).fill('7 Mill Lane');
    await form.getByRole('button', { name: `Pay ${total}` }).click();
    await expect(page).toHaveURL(/\/gateway\/pay\//);
    await payWith(page, 'declined');
    await expect(page).toHaveURL(/\/addresscleanse\/file\/\d+\?.*payment=declined/);
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('form', { name: 'Buy the results' }).getByLabel('Address line 1', { exact: true })).toHaveValue('7 Mill Lane');
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: `test-results/bureau-file-declined-${width}.png`, fullPage: true });

    await page.getByRole('form', { name: 'Buy the results' }).getByRole('button', { name: `Pay ${total}` }).click();
    await expect(page).toHaveURL(/\/gateway\/pay\//);
    await payWith(page, 'success');
    await expect(page).toHaveURL(/\/addresscleanse\/file\/\d+\?.*payment=paid/);
    const paid = page.getByRole('region', { name: 'What you paid' });
    await expect(paid).toBeVisible({ timeout: 20_000 });
    await expect(paid.getByTestId('results-total')).toHaveText(total);
    await expect(paid.getByRole('link', { name: /^View invoice UK-\d{6}$/ })).toBeVisible();
    await expect(page.getByTestId('results-kept')).toHaveText(/^The results can be downloaded until \d\d\/\d\d\/\d{4}; after that they are deleted\.$/);
    await expect(page.getByRole('figure', { name: 'Coding' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download AddressCleanseResults.zip' })).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: `test-results/bureau-file-paid-${width}.png`, fullPage: true });
    await paid.getByRole('link', { name: /^View invoice/ }).click();
    await expect(page.getByText(/UK-\d{6}/).first()).toBeVisible();
  });
}
