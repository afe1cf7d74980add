import { dismissModal, expect, logIn, test } from './support/fixtures';
import { seriousAxeFindings } from './support/axe';

// The sessions page of My Settings: the owner signed in from two browsers sees both, this one marked,
// and signs the other out, which is refused on its very next call. The second browser names itself
// Safari on an iPhone, so its row is told apart from the sessions other specs may open meanwhile.

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

test('signs another browser’s session out from the sessions page @uk-only', async ({ page, browser, baseURL }, info) => {
  const other = await browser.newContext({ baseURL, userAgent: iphone });
  await other.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  const phone = await other.newPage();
  await logIn(phone, 'owner@example.com');
  await expect(phone).toHaveURL(/\/portal\/home/);
  await phone.goto('/portal/user');

  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.goto('/portal/user');
  await page.getByRole('link', { name: 'Signed-in sessions' }).click();
  await expect(page).toHaveURL(/\/portal\/user\/sessions$/);
  const table = page.getByRole('table', { name: 'Signed-in sessions' });
  const mine = table.getByRole('row').filter({ hasText: 'This session' });
  const theirs = table.getByRole('row').filter({ hasText: 'Safari on iPhone' });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Chrome on Linux');
  await expect(theirs).toHaveCount(1);
  await expect(theirs).toContainText('127.0.0.1');
  expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: process.env.SESSIONS_SHOTS ? `${process.env.SESSIONS_SHOTS}/sessions-1366.png` : info.outputPath('sessions-1366.png'), fullPage: true });

  // On a phone the table is a list of labelled blocks, with nothing to scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expect(theirs.locator('td[data-label="Last used"]')).toBeVisible();
  await page.screenshot({ path: process.env.SESSIONS_SHOTS ? `${process.env.SESSIONS_SHOTS}/sessions-390.png` : info.outputPath('sessions-390.png'), fullPage: true });

  // By keyboard: the row's button, then the question's.
  await theirs.getByRole('button', { name: /^Sign out Safari on iPhone/ }).focus();
  await page.keyboard.press('Enter');
  await expect(theirs.getByRole('group', { name: /^Sign out Safari on iPhone/ })).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Yes, sign out' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(theirs).toHaveCount(0);
  await expect(mine).toHaveCount(1);

  // The other browser is out on its next call: the portal says so and goes to the login page.
  await phone.getByRole('link', { name: 'Signed-in sessions' }).click();
  expect(await dismissModal(phone)).toContain('Authentication Failure');
  await expect(phone).toHaveURL(/\/portal\/login/);
  await other.close();

  // This browser is still signed in.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Signed-in sessions' }).getByRole('row').filter({ hasText: 'This session' })).toHaveCount(1);
});
