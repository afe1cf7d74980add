import type { Page } from '@playwright/test';
import { demoPassword, expect, logIn, test } from './support/fixtures';
import { seriousAxeFindings } from './support/axe';

// API tokens against the real server and its demo seed: the owner creates a token with an
// IP range and a referrer, locks and unlocks it, exports it from the ellipsis menu with the password
// typed again (a wrong one first: the dialog says so), copies it, and the exported token works; a
// malformed CIDR range is refused with the server's words in the Error modal.

const rowOf = (page: Page, tag: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: tag, exact: true }) });

test('an owner creates, locks, unlocks and exports a token, and copies it @uk-only', async ({ page, context, api }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const tag = `Web shop ${testInfo.project.name} ${Date.now() % 100_000}`;
  await logIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.goto('/portal/administration/tokens');
  await expect(page.getByRole('heading', { name: /^API tokens of / })).toBeVisible();

  // A malformed range: the server's words under the IP ranges field, no Error modal, the form kept to correct it.
  await page.getByRole('button', { name: 'Create token' }).click();
  const form = page.getByRole('dialog', { name: 'Create an API token' });
  await form.getByLabel('Tag').fill(tag);
  await form.getByRole('textbox', { name: 'IP ranges' }).fill('10.0.0.0/33');
  await form.getByLabel('Your password').fill(demoPassword);
  await form.getByRole('button', { name: 'Create token' }).click();
  const ranges = form.getByRole('textbox', { name: 'IP ranges' });
  await expect(ranges).toHaveAttribute('aria-invalid', 'true');
  await expect(ranges).toHaveAccessibleDescription(/"10\.0\.0\.0\/33" is not an IPv4 or IPv6 network in CIDR form/);
  await expect(form.locator('#field-ipRange-error')).toHaveText(/^"10\.0\.0\.0\/33" is not an IPv4 or IPv6 network in CIDR form/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(form).toBeVisible();

  // Corrected: a browser token from one network and the shop's sub-domains.
  await form.getByRole('textbox', { name: 'IP ranges' }).fill('203.0.113.7/24');
  await form.getByRole('radio', { name: /^Browser/ }).check();
  await form.getByLabel(/^Referrer/).fill('*.shop.example.com');
  await form.getByRole('checkbox', { name: 'Email validation' }).check();
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(form).toBeHidden();
  const row = rowOf(page, tag);
  await expect(row).toContainText('203.0.113.0/24');
  await expect(row).toContainText('*.shop.example.com');
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: 'Lock' }).click();
  await expect(row).toContainText('Locked');
  await row.getByRole('button', { name: 'Unlock' }).click();
  await expect(row).toContainText('Active');

  // Export API Token from the ellipsis menu, with the password typed again.
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Export API Token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export API Token' });
  await dialog.getByRole('radio', { name: tag }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Your password').fill('Not-My-Password-1');
  await dialog.getByRole('button', { name: 'Export token' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to export the API token: Invalid user name or password Nothing was exported.');
  await expect(dialog.getByRole('textbox', { name: 'API token' })).toHaveCount(0);
  await dialog.getByLabel('Your password').fill(demoPassword);
  await dialog.getByRole('button', { name: 'Try again' }).click();
  const text = dialog.getByRole('textbox', { name: 'API token' });
  await expect(text).toHaveAttribute('rows', '11');
  await expect(text).toHaveAttribute('readonly', '');
  const token = await text.inputValue();
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByText('Text copied to clipboard', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The exported token lasts a year and is for the data-quality services only: the portal's own
  // calls refuse it (a leaked integration token manages nothing); the audit log shows the export.
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string; et: number };
  expect(claims.et).toBe(31_536_000);
  const me = await api.get(`/api/users/user?id=${claims.sub}`, { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByRole('row').filter({ hasText: tag }).first()).toContainText('Exported');
});

test('Export settings for API gives the account id and an example per service @uk-only', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Export settings for API' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export settings for API' });
  await expect(dialog).toContainText('Account id');
  const origin = new URL(page.url()).origin;
  await expect(dialog.getByRole('region', { name: 'Address lookup' })).toContainText(`${origin}/`);
  await dialog.getByRole('button', { name: 'Copy the Address lookup example' }).click();
  await expect(dialog.getByText('Text copied to clipboard', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^curl -H "Authorization: Bearer \$API_TOKEN" "http.*\/json\/PAF\?q=/);
});

test('the create form and both export dialogs fit a phone, with no serious axe finding @uk-only', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  const page = await context.newPage();
  await logIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  const problems: string[] = [];
  const check = async (what: string, dialog: string) => {
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    // After the dialog's fade-in: axe would measure the contrast of half-transparent text.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`${what}: ${overflow}px sideways scroll`);
    for (const v of await seriousAxeFindings(page)) problems.push(`${what}: ${v}`);
  };
  await page.goto('/portal/administration/tokens');
  await page.getByRole('button', { name: 'Create token' }).click();
  await check('create form', 'Create an API token');
  await page.goto('/portal/administration/tokens?export=token');
  await check('Export API Token', 'Export API Token');
  await page.goto('/portal/administration/tokens?export=settings');
  await check('Export settings for API', 'Export settings for API');
  await context.close();
  expect(problems).toEqual([]);
});
