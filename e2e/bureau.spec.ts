import { blockedMessages } from '../contract/shared/messages';
import { expect, test } from './support/fixtures';
import { signInAsBuyer } from './support/shop';

// The bureau wizard in Chromium. The whole workflow with a real file (upload with a reload in the
// middle, test, results, pay, download) needs the bureau server's branch; these parts do not.

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
