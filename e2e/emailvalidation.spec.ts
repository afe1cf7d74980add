import type { APIRequestContext, Page } from '@playwright/test';
import { emailClassMeanings, emailReasonTexts } from '../contract/shared/email';
import { demoPassword, expect, logIn, test } from './support/fixtures';

// /applications/emailvalidation in an account of each territory with email clicks (Referral Co
// Client UK, Acme Australia; the demo's Acme UK has used all of its email clicks), against the
// real server whose DNS is the test zone served on 127.0.0.1 by e2e/global-setup.ts: a typo's
// suggestion checked by its button, a syntax error, a DNS failure (unknown, not invalid), each
// check's click in /reporting (the Portal row), and the same service called from the test with an
// exported API token (GET /api/users/tokens/export with basic credentials), metered the same way.

test.describe.configure({ mode: 'serial' });

const whoOf = (project: string) =>
  project === 'australia' ? { user: 'owner@example.com', account: 'Acme Australia' } : { user: 'referrer@example.com', account: 'Referral Co Client UK' };
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function signInTo(page: Page, user: string, account: string) {
  await logIn(page, user);
  await expect(page).toHaveURL(/\/portal\/home/);
  const label = page.getByTestId('account-label');
  await expect(label).toContainText(/\w/);
  if (!(await label.innerText()).includes(account)) {
    await page.getByRole('button', { name: 'Change Account' }).click();
    const switcher = page.getByRole('dialog', { name: 'Change account' });
    await switcher.getByRole('button', { name: /Acme Trading/ }).click();
    await switcher.getByRole('button', { name: new RegExp(account) }).click();
    await expect(label).toContainText(account);
  }
}

/** The clicks of the "Portal" row (or a token's tag) in /reporting/tokens, this month. */
async function reportedClicks(page: Page, tag: string) {
  await page.goto('/portal/reporting/tokens');
  await expect(page.getByRole('heading', { name: 'Per token', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const table = page.getByRole('table', { name: 'Clicks per token' });
  if ((await table.count()) === 0) return 0; // no usage in the range yet
  const row = table.locator('tbody tr').filter({ has: page.getByRole('cell', { name: tag, exact: true }) });
  if ((await row.count()) === 0) return 0;
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === 'Clicks');
  return Number((await row.locator(`> :nth-child(${index + 1})`).innerText()).replace(/[^\d]/g, ''));
}

async function accountId(api: APIRequestContext, jwt: string, name: string): Promise<number> {
  type G = { id: number; name: string; type: string; children?: G[] };
  const groups = (await (await api.get('/api/users/groups?recurse=true', { headers: { authorization: `Bearer ${jwt}` } })).json()) as G[];
  const find = (list: G[]): G | undefined => list.map((g) => (g.name === name && g.type === 'account' ? g : find(g.children ?? []))).find(Boolean);
  return find(groups)!.id;
}

test('an owner checks addresses, follows a suggestion, sees each click in the reports, and an exported token calls the service', async ({ page, api }, testInfo) => {
  const { user, account } = whoOf(testInfo.project.name);
  await signInTo(page, user, account);
  const portalBefore = await reportedClicks(page, 'Portal');

  await page.goto('/portal/applications/emailvalidation');
  await expect(page.getByRole('heading', { name: 'Email validation' })).toBeVisible();
  const clicksText = page.locator('.email-page__clicks');
  await expect(clicksText).toHaveText(/[\d,]+ clicks left/);
  const clicksBefore = Number((await clicksText.innerText()).replace(/[^\d]/g, ''));

  const check = async (address: string) => {
    await page.getByLabel('Email address').fill(address);
    await page.getByRole('button', { name: 'Check' }).click();
    return page.getByRole('region', { name: new RegExp(address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
  };

  // A typo: gmial.com does not exist in the zone (NXDOMAIN), and gmail.com is suggested.
  let result = await check('jane.doe@gmial.com');
  await expect(result.locator('.badge')).toHaveText('Invalid');
  await expect(result).toContainText(emailReasonTexts.domain_not_found);
  await expect(result).toContainText(emailReasonTexts.possible_typo);
  await expect(result).toContainText('Whether the mailbox exists: no SMTP probe is made');
  await result.getByRole('button', { name: 'jane.doe@gmail.com' }).click();
  result = page.getByRole('region', { name: /jane\.doe@gmail\.com/ });
  await expect(result.locator('.badge')).toHaveText('Valid');
  await expect(result).toContainText(emailReasonTexts.mx_found);
  await expect(result).toContainText(emailReasonTexts.free_provider);

  // A syntax error, and a DNS failure (unknown: nothing is known, so not invalid).
  result = await check('not an address');
  await expect(result.locator('.badge')).toHaveText('Invalid');
  await expect(result).toContainText(emailReasonTexts.bad_syntax);
  result = await check('someone@servfail.example');
  await expect(result.locator('.badge')).toHaveText('Unknown');
  await expect(result).toContainText(emailClassMeanings.unknown);
  await expect(clicksText).toHaveText(`${(clicksBefore - 4).toLocaleString('en-GB')} clicks left`);

  // Showing a result again is free.
  const reread = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().includes('/api/email/verify/'));
  await page.getByRole('region', { name: 'Checked this visit' }).getByRole('button', { name: 'Show the result for jane.doe@gmial.com again' }).click();
  expect((await reread).status()).toBe(200);
  await expect(page.getByRole('region', { name: /jane\.doe@gmial\.com/ }).locator('.badge')).toHaveText('Invalid');
  await expect(clicksText).toHaveText(`${(clicksBefore - 4).toLocaleString('en-GB')} clicks left`);

  // The four checks are in the usage reports, as the portal's own use.
  expect(await reportedClicks(page, 'Portal')).toBe(portalBefore + 4);

  // An integration: a token for email validation, exported with basic credentials, calls the service.
  const login = (await (await api.get('/api/users/auth', { headers: { authorization: basic(user, demoPassword) } })).json()) as { jwt: string };
  const id = await accountId(api, login.jwt, account);
  const tag = `Email e2e ${testInfo.project.name} ${Date.now()}`;
  const created = await api.post(`/api/users/tokens/password?parentId=${id}`, {
    headers: { authorization: `Bearer ${login.jwt}` },
    data: { token: { tag, type: 'server', services: ['email'] }, password: demoPassword },
  });
  expect(created.status(), await created.text()).toBe(201);
  const tokenId = ((await created.json()) as { id: number }).id;
  const exported = await api.get(`/api/users/tokens/export?accountId=${id}&tokenId=${tokenId}`, { headers: { authorization: basic(user, demoPassword) } });
  expect(exported.status(), await exported.text()).toBe(200);
  const { token } = (await exported.json()) as { token: string };

  const verify = await api.post('/api/email/verify', { headers: { authorization: `Bearer ${token}` }, data: { email: 'info@example.com' } });
  expect(verify.status()).toBe(200);
  const body = (await verify.json()) as { id: string; result: string; reasons: string[]; notChecked: string[] };
  expect(body).toMatchObject({ result: 'role', reasons: ['mx_found', 'role_account'] });
  expect(body.notChecked).toEqual(['smtp_mailbox', 'catch_all']);
  const again = await api.get(`/api/email/verify/${body.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(await again.json()).toEqual(body);
  // Bad input is a 400 with the reason and costs nothing.
  const tooLong = await api.post('/api/email/verify', { headers: { authorization: `Bearer ${token}` }, data: { email: `${'a'.repeat(1000)}@example.com` } });
  expect(tooLong.status()).toBe(400);
  expect(((await tooLong.json()) as { msg: string }).msg).toContain('at most 512 characters');

  expect(await reportedClicks(page, tag)).toBe(1);
});

test("an account with no email clicks left gets the meter's message, and nothing is charged @uk-only", async ({ page }) => {
  await signInTo(page, 'owner@example.com', 'Acme UK');
  await page.goto('/portal/applications/emailvalidation');
  await expect(page.locator('.email-page__clicks')).toHaveText('0 clicks left');
  await page.getByLabel('Email address').fill('jane@example.com');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to check the email address: No clicks remain on your Email validation subscription: buy more in the shop');
  await expect(page.getByRole('region', { name: /jane@example\.com/ })).toHaveCount(0);
});
