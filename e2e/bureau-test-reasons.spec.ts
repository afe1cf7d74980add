import { matchReasonText } from '../contract/shared/bureau';
import { seriousAxeFindings } from './support/axe';
import { expect, logIn, test } from './support/fixtures';

// A real file through upload, mapping, properties and the free test: the reason beside each row not
// matched to a premise, rows numbered by the file's lines; a mapping the server refuses, said under
// the column; an empty file refused before anything is sent. At a desktop and a phone width.

const noSidewaysScroll = (page: import('@playwright/test').Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

// Beech Terrace, MARGATE, CT40 5DS is in the sample reference data (64A and 78 are on it); a blank line
// after the header puts the first record on line 3 of the file.
const reasonsFile = Buffer.from(
  [
    'Name,Address 1,Town,Postcode',
    '',
    'Jennifer Jones,78 Beech Terrace,MARGATE,CT40 5DS',
    'Ann Example,999 Beech Terrace,MARGATE,CT40 5DS',
    'Bob Example,Beech Terrace,MARGATE,CT40 5DS',
    'Cat Example,5 Nowhere Road,MARGATE,CT40 5DS',
  ].join('\n') + '\n',
);

for (const width of [1366, 390]) {
  test(`the free test of a real file at ${width} px says why a row is not matched to a premise, numbered by the file's lines @uk-only`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
    await logIn(page, 'owner@example.com');
    await expect(page.getByTestId('account-label')).toContainText('Acme UK');
    await page.goto('/portal/applications/addresscleanse/upload');
    await page.getByLabel('File to cleanse (CSV or delimited text)').setInputFiles({ name: `reasons-${width}.csv`, mimeType: 'text/csv', buffer: reasonsFile });
    await expect(page).toHaveURL(/\/file\/\d+\/updatefields$/, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Save and choose the properties' }).click();
    await expect(page).toHaveURL(/\/properties$/, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Save and run the free test' }).click();
    const table = page.getByRole('table', { name: 'Rows before and after' });
    await expect(table).toBeVisible({ timeout: 30_000 });
    const rows = table.locator('tbody tr');
    await expect(rows.locator('th')).toHaveText(['3', '4', '5', '6']);
    await expect(rows.nth(1)).toContainText(matchReasonText.premiseNotFound);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: `test-results/bureau-test-table-${width}.png`, fullPage: true });

    await page.goto(page.url().replace(/\/?$/, '/updatefields'));
    await page.getByLabel('Order of Postcode').fill('25');
    await page.getByRole('button', { name: 'Save and choose the properties' }).click();
    await expect(page.locator('.bureau__problem')).toHaveText('Give the order as a whole number from 0 to 20');
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: `test-results/bureau-mapping-error-${width}.png`, fullPage: true });

    await page.goto('/portal/applications/addresscleanse/upload');
    await page.getByLabel('File to cleanse (CSV or delimited text)').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
    await expect(page.getByRole('alert')).toContainText('customers.csv: The file is empty: upload a file with a header or data rows');
    await expect(page.getByRole('button', { name: 'Choose another file' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: `test-results/bureau-empty-file-${width}.png`, fullPage: true });
  });
}
