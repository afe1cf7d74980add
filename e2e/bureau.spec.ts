import { blockedMessages } from '../contract/shared/messages';
import { seriousAxeFindings } from './support/axe';
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

// A file as Excel saves it ("CSV (Comma delimited)": Windows-1252): É is byte 0xC9, £ is 0xA3.
const excelFile = Buffer.from(
  'Name,Address 1,Town,Postcode,Spend (\u00a3)\r\n\u00c9mile Zola,1 High Street,LEEDS,LS1 1AA,\u00a312.50\r\nZo\u00eb Brown,2 Mill Lane,YORK,YO1 7HH,\u00a38.00\r\n',
  'latin1',
);

for (const width of [1366, 390]) {
  test(`the mapping page at ${width} px says which encoding the file was read in, and reads it again in another @uk-only`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
    await logIn(page, 'owner@example.com');
    await expect(page.getByTestId('account-label')).toContainText('Acme UK');
    await page.goto('/portal/applications/addresscleanse/upload');
    await page.getByLabel('File to cleanse (CSV or delimited text)').setInputFiles({ name: `excel-${width}.csv`, mimeType: 'text/csv', buffer: excelFile });
    await expect(page).toHaveURL(/\/file\/\d+\/updatefields$/, { timeout: 20_000 });

    const read = page.getByTestId('encoding-read');
    await expect(read).toHaveText('Read as Windows-1252 (Western European, also ISO-8859-1) (detected from the file).');
    await expect(page.getByRole('rowheader', { name: 'Spend (£)' })).toBeVisible();
    await expect(page.getByText('Émile Zola')).toBeVisible();
    const again = page.getByRole('button', { name: 'Read again' });
    await expect(again).toBeDisabled();
    await expect(page.getByTestId('encoding-replaced')).toHaveCount(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: `test-results/bureau-encoding-${width}.png`, fullPage: true });

    // Read as UTF-8 instead: the letters Windows-1252 wrote cannot be read, and show as \uFFFD.
    await page.getByLabel('If letters such as é or £ look wrong in the rows below, read the file as').selectOption('utf-8');
    await again.click();
    await expect(read).toHaveText('Read as UTF-8 (your choice; the file looked like Windows-1252 (Western European, also ISO-8859-1)).');
    await expect(page.getByText('\uFFFDmile Zola')).toBeVisible();
    await expect(page.getByTestId('encoding-replaced')).toHaveText('Some characters could not be read as UTF-8 and show as \uFFFD.');
    await expect(page.getByRole('rowheader', { name: 'Spend (\uFFFD)' })).toBeVisible();
    await page.screenshot({ path: `test-results/bureau-encoding-chosen-${width}.png`, fullPage: true });

    // And back: the file reads as it was.
    await page.getByLabel('If letters such as é or £ look wrong in the rows below, read the file as').selectOption('windows-1252');
    await again.click();
    await expect(read).toContainText('(detected from the file)');
    await expect(page.getByText('Émile Zola')).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
  });
}
