import { readFileSync, writeFileSync } from 'node:fs';
import { uploadingText } from '../contract/shared/messages';
import { ukCustomerCsv } from '../server/engines/address/customerCsv';
import { unzip } from '../tests/support/unzip';
import { expect, logIn, test } from './support/fixtures';
import { fillBilling, payWith } from './support/shop';

// The whole bureau workflow in Chromium with a real file: the owner of Acme UK uploads a
// CSV of UK addresses from the sample reference data, reloads the page in the middle of the upload
// and picks the file again to carry on (the chunk's answer is held back so the reload lands while
// it is in flight; the server has stored it, so the upload resumes without sending it again), maps
// the fields, sets the properties, runs the free test and the results, sees the cost in pounds, pays
// with the success card on the embedded gateway's page, and downloads AddressCleanseResults.zip.

const rows = 300;

test('uploads, resumes after a reload, maps, tests, runs, pays and downloads a real file @uk-only', async ({ page }, info) => {
  test.setTimeout(90_000);
  const path = info.outputPath('acme-customers.csv');
  writeFileSync(path, ukCustomerCsv(rows));
  await page.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  await logIn(page, 'owner@example.com');
  await expect(page.getByTestId('account-label')).toContainText('Acme UK');

  // Count the upload calls; hold back the answer to the first chunk until the page has reloaded.
  const calls: string[] = [];
  page.on('request', (r) => {
    const m = /\/upload\/(begin|chunk|end|status)/.exec(r.url());
    if (m) calls.push(m[1]);
  });
  let held = false;
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  const stored = new Promise<void>((resolve) => {
    void page.route('**/upload/chunk?**', async (route) => {
      if (held) return route.continue();
      held = true;
      // Node resolves no *.localhost name (Chromium does): the same request to 127.0.0.1, Host kept.
      const url = new URL(route.request().url());
      const host = url.host;
      url.hostname = '127.0.0.1';
      const response = await route.fetch({ url: url.toString(), headers: { ...route.request().headers(), host } });
      resolve();
      await released;
      await route.fulfill({ response }).catch(() => undefined);
    });
  });

  await page.goto('/portal/applications/addresscleanse');
  await page.getByRole('link', { name: 'Upload a file' }).first().click();
  await expect(page).toHaveURL(/\/addresscleanse\/upload$/);
  const picker = page.getByLabel('File to cleanse (CSV or delimited text)');
  await picker.setInputFiles(path);
  await expect(page.getByText(uploadingText)).toBeVisible();
  await stored;
  await page.reload();
  release();
  await expect(page.getByTestId('upload-unfinished')).toContainText('acme-customers.csv');
  await picker.setInputFiles(path);

  await expect(page).toHaveURL(/\/file\/\d+\/updatefields$/, { timeout: 20_000 });
  expect(calls.filter((c) => c === 'begin'), 'one upload, carried on after the reload').toHaveLength(1);
  expect(calls.filter((c) => c === 'chunk'), 'the chunk the server holds is not sent again').toHaveLength(1);
  await page.screenshot({ path: 'test-results/bureau-workflow-updatefields.png', fullPage: true });

  // The columns come mapped by their headers; the user corrects one (Company holds the organisation).
  await expect(page.getByLabel('What Postcode holds')).toHaveValue('postcode');
  await page.getByLabel('What Company holds').selectOption('organisation');
  await page.getByRole('button', { name: 'Save and choose the properties' }).click();

  await expect(page).toHaveURL(/\/file\/\d+\/properties$/);
  await expect(page.getByRole('heading', { name: 'File properties' })).toBeVisible();
  await page.getByLabel('Deduplication', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Put duplicates in a separate file').check();
  await page.screenshot({ path: 'test-results/bureau-workflow-properties.png', fullPage: true });
  await page.getByRole('button', { name: 'Save and run the free test' }).click();

  await expect(page).toHaveURL(/\/file\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Free test on \d+ records$/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('figure', { name: 'Coding' }).first()).toContainText('Matched');
  await page.getByRole('button', { name: 'Run the results' }).click();

  await expect(page.getByRole('heading', { name: `Results of ${rows} records` })).toBeVisible({ timeout: 45_000 });
  const total = page.getByTestId('results-total');
  await expect(total).toHaveText(/^£\d[\d,]*\.\d\d$/);
  await page.screenshot({ path: 'test-results/bureau-workflow-file.png', fullPage: true });

  const form = await fillBilling(page, 'Buy the results');
  await form.getByRole('button', { name: `Pay ${await total.innerText()}` }).click();
  await expect(page).toHaveURL(/\/gateway\/pay\//);
  await payWith(page, 'success');
  await expect(page).toHaveURL(/\/addresscleanse\/file\/\d+\?payment=paid/);

  const link = page.getByRole('link', { name: 'Download AddressCleanseResults.zip' });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('AddressCleanseResults.zip');
  const entries = unzip(readFileSync(await download.path()));
  expect([...entries.keys()].sort()).toEqual(expect.arrayContaining(['Cleansed.csv', 'Duplicates.csv', 'Summary.html']));
  const lines = (name: string) => (entries.get(name)?.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).length ?? 1) - 1;
  const out = ['Cleansed.csv', 'Duplicates.csv', 'Suppressed.csv', 'Errors.csv'].reduce((n, name) => n + Math.max(0, lines(name)), 0);
  expect(out, 'every row of the file is in one of the output files').toBe(rows);
  expect(entries.get('Summary.html')?.toString('utf8')).toContain('<svg');
});
