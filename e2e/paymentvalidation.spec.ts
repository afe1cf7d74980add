import type { APIRequestContext, Page } from '@playwright/test';
import { e2eBankSoapKey } from './support/bank';
import { createValidatedUser, demoPassword, expect, logIn, test } from './support/fixtures';

// Payment validation and name validation against the real server. A fresh user owns a
// UK account of its own (made by super) that sales gives bundles of Bank Validation UK and Name
// Validation UK, so no other spec's numbers move: the page checks a valid and an invalid account
// from the Vocalink test cases, each click shows in /reporting; an exported API token calls the
// SOAP service and the name service from the test; the name validation page checks names; the
// Australian account is refused both pages.

test.describe.configure({ mode: 'serial' });

const basicOf = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

async function jwtOf(api: APIRequestContext, email: string, password = demoPassword) {
  const auth = await api.get('/api/users/auth', { headers: { authorization: basicOf(email, password) } });
  expect(auth.status()).toBe(200);
  return ((await auth.json()) as { jwt: string }).jwt;
}

type World = { email: string; password: string; organisationId: number; accountId: number; auAccountId: number };
let world: World;

async function makeWorld(api: APIRequestContext): Promise<World> {
  const { email, password } = await createValidatedUser(api, 'uk');
  const me = (await (await api.get('/api/users/auth', { headers: { authorization: basicOf(email, password) } })).json()) as { id: number };
  const staff = { authorization: `Bearer ${await jwtOf(api, 'super@example.com')}` };
  const org = await api.post(`/api/users/groups?userId=${me.id}`, { data: { type: 'organisation', name: 'Payment Checks Ltd', territory: 'uk' }, headers: staff });
  expect(org.status()).toBe(201);
  const organisationId = ((await org.json()) as { id: number }).id;
  const account = await api.post(`/api/users/groups?parentId=${organisationId}`, { data: { type: 'account', name: 'Payment Checks UK', territory: 'uk' }, headers: staff });
  expect(account.status()).toBe(201);
  const au = await api.post(`/api/users/groups?parentId=${organisationId}`, { data: { type: 'account', name: 'Payment Checks AU', territory: 'australia' }, headers: staff });
  expect(au.status()).toBe(201);
  const accountId = ((await account.json()) as { id: number }).id;
  const sales = { authorization: `Bearer ${await jwtOf(api, 'sales@example.com')}` };
  for (const [service, name, clicks] of [['bankcode', 'Bank Validation UK', 100], ['name', 'Name Validation UK', 50]] as const) {
    const listed = await api.get(`/api/plans/plans?service=${service}&territory=uk`, { headers: sales });
    const plans = (await listed.json()) as { planId: number; plan: string }[];
    const plan = plans.find((p) => p.plan === name);
    expect(plan, `${name} in ${JSON.stringify(plans).slice(0, 300)}`).toBeDefined();
    if (!plan) return undefined as never;
    const bundle = await api.post(`/api/plans/bundles?organisationId=${organisationId}&accountId=${accountId}`, { data: { planId: plan.planId, clicks, price: 0 }, headers: sales });
    expect(bundle.status(), name).toBe(201);
  }
  return { email, password, organisationId, accountId, auAccountId: ((await au.json()) as { id: number }).id };
}

async function signIn(page: Page, account: string) {
  await logIn(page, world.email, world.password);
  await expect(page).toHaveURL(/\/portal\/home/);
  const label = page.getByTestId('account-label');
  if (!(await label.innerText()).includes(account)) {
    await page.getByRole('button', { name: 'Change Account' }).click();
    const switcher = page.getByRole('dialog', { name: 'Change account' });
    await switcher.getByRole('button', { name: /Payment Checks Ltd/ }).click();
    await switcher.getByRole('button', { name: new RegExp(account) }).click();
  }
  await expect(label).toContainText(account);
}

/** "Consumed in range" of Bank Validation UK on /reporting/summary. */
async function bankConsumed(page: Page) {
  await page.goto('/portal/reporting/summary');
  const table = page.locator('#summary-subscriptions').getByRole('table');
  await expect(table).toBeVisible();
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.replace(/\s+/g, ' ').trim() === 'Consumed in range');
  const row = table.locator('tbody tr', { hasText: 'Bank Validation UK' });
  return Number((await row.locator(`:nth-child(${index + 1})`).innerText()).replace(/[^\d]/g, ''));
}

test('the page checks a valid and an invalid account from the Vocalink test cases; each click shows in /reporting @uk-only', async ({ page, api }) => {
  world = await makeWorld(api);
  await signIn(page, 'Payment Checks UK');
  const before = await bankConsumed(page);

  await page.getByRole('button', { name: 'Applications' }).click();
  await page.getByRole('menuitem', { name: 'Payment Validation' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Validation' })).toBeVisible();
  await page.getByLabel('Sort code').fill('08-99-99');
  await page.getByLabel('Account number').fill('66374958');
  await page.getByRole('button', { name: 'Check account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Valid:' })).toHaveText('Valid: sort code 08-99-99, account 66374958 passes the modulus check');
  await expect(page.getByTestId('clicks-left')).toHaveText('99');

  await page.getByLabel('Sort code').fill('938063');
  await page.getByLabel('Account number').fill('15763217');
  await page.getByRole('button', { name: 'Check account' }).click();
  await expect(page.getByText('Invalid: sort code 93-80-63, account 15763217 fails the modulus check')).toBeVisible();
  await expect(page.getByTestId('clicks-left')).toHaveText('98');

  // A bad input is the service's error, on the page, and no click.
  await page.getByLabel('Sort code').fill('08A999');
  await page.getByRole('button', { name: 'Check account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to check the account: The sort code may hold only digits, spaces and dashes');

  expect(await bankConsumed(page)).toBe(before + 2);
});

test('the name validation page checks a real name and a placeholder, shows one again for free, and refuses an empty name without a click @uk-only', async ({ page }) => {
  await signIn(page, 'Payment Checks UK');
  await page.getByRole('button', { name: 'Applications' }).click();
  await page.getByRole('menuitem', { name: 'Name Validation' }).click();
  await expect(page).toHaveURL(/\/portal\/applications\/namevalidation$/);
  await expect(page.getByRole('heading', { name: 'Name validation', level: 1 })).toBeVisible();
  const clicks = page.getByTestId('name-clicks');
  await expect(clicks).toHaveText('50 clicks left');

  const result = page.getByTestId('name-result');
  await page.getByLabel('Full name').fill('Dr Jane Smith');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(result.getByRole('heading', { level: 2 })).toContainText('Dr Jane Smith');
  await expect(result).toContainText('Valid');
  await expect(result).toContainText('Score 100 of 100');
  await expect(result.locator('dl')).toHaveText(/TitleDrForenameJaneSurnameSmith/);
  await expect(result).toContainText('Whether a person of this name exists was not checked');
  await expect(clicks).toHaveText('49 clicks left');

  await page.getByLabel('Full name').fill('Mickey Mouse');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(result).toContainText('Invalid');
  await expect(result).toContainText('"mickey mouse" is a placeholder name, not a person\'s');
  await expect(clicks).toHaveText('48 clicks left');

  // This visit's checks: showing one again takes no click.
  await page.getByRole('button', { name: 'Show the result for Dr Jane Smith again' }).click();
  await expect(result.getByRole('heading', { level: 2 })).toContainText('Dr Jane Smith');
  // An empty name: said at the field, and no call, so no click.
  await page.getByLabel('Full name').fill('   ');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a name');
  await page.reload();
  await expect(clicks).toHaveText('48 clicks left');
});

test('an exported API token calls the SOAP service and the name service from outside the browser, metered the same way @uk-only', async ({ api }) => {
  const owner = { authorization: `Bearer ${await jwtOf(api, world.email, world.password)}` };
  const created = await api.post(`/api/users/tokens/password?parentId=${world.accountId}`, {
    data: { token: { tag: 'Payment checks e2e', type: 'server', services: ['bankcode', 'name'] }, password: world.password },
    headers: owner,
  });
  expect(created.status()).toBe(201);
  const tokenId = ((await created.json()) as { id: number }).id;
  const exported = await api.get(`/api/users/tokens/export?accountId=${world.accountId}&tokenId=${tokenId}`, { headers: { authorization: basicOf(world.email, world.password) } });
  expect(exported.status()).toBe(200);
  const apiToken = ((await exported.json()) as { token: string }).token;
  const bearer = { authorization: `Bearer ${apiToken}` };
  const clicksLeft = async (service: string) => {
    const plans = (await (await api.get(`/api/plans/account/plans?accountId=${world.accountId}`, { headers: { authorization: `Bearer ${await jwtOf(api, world.email, world.password)}` } })).json()) as { service: string; remainClicks: number }[];
    return plans.find((p) => p.service === service)!.remainClicks;
  };

  const bankBefore = await clicksLeft('bankcode');
  const envelope = (sortCode: string, account: string, key = e2eBankSoapKey) =>
    `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ValidateAccount xmlns="urn:dataquality:bank"><Key>${key}</Key><SortCode>${sortCode}</SortCode><AccountNumber>${account}</AccountNumber><Dataset>BANK-UK</Dataset></ValidateAccount></soap:Body></soap:Envelope>`;
  const soap = (body: string) => api.post('/api/bank/soap', { headers: { ...bearer, 'content-type': 'text/xml; charset=utf-8' }, data: body });
  const valid = await soap(envelope('180002', '00000190'));
  expect(valid.status()).toBe(200);
  expect(valid.headers()['content-type']).toMatch(/^text\/xml/);
  expect(await valid.text()).toContain('<Status>valid</Status>');
  const invalid = await soap(envelope('089999', '66374959'));
  expect(await invalid.text()).toContain('<Status>invalid</Status>');
  // Refused: a Fault, no click.
  const entity = await soap(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${envelope('&e;', '1')}`);
  expect(entity.status()).toBe(400);
  expect(await entity.text()).toContain('<faultstring>DOCTYPE and ENTITY declarations are not accepted');
  const wrongKey = await soap(envelope('089999', '66374958', 'not-the-key'));
  expect(wrongKey.status()).toBe(403);
  expect(await wrongKey.text()).toContain('soap:Fault');
  expect(await clicksLeft('bankcode')).toBe(bankBefore - 2);

  const nameBefore = await clicksLeft('name');
  const name = await api.post('/api/name/validate', { headers: bearer, data: { name: 'Mr Dick Penistone' } });
  expect(name.status()).toBe(200);
  expect(await name.json()).toMatchObject({ parts: { title: 'Mr', forename: 'Dick', surname: 'Penistone' }, verdict: 'valid' });
  const mouse = await api.post('/api/name/validate', { headers: bearer, data: { name: 'Mickey Mouse' } });
  expect(await mouse.json()).toMatchObject({ verdict: 'invalid' });
  const tooLong = await api.post('/api/name/validate', { headers: bearer, data: { name: 'a'.repeat(10_000) } });
  expect(tooLong.status()).toBe(400);
  expect(await clicksLeft('name')).toBe(nameBefore - 2);
});

test('the Australian account is refused the page with the spec\'s message @uk-only', async ({ page }) => {
  await signIn(page, 'Payment Checks AU');
  await page.getByRole('button', { name: 'Applications' }).click();
  await expect(page.getByRole('menuitem', { name: 'Email Validation' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Payment Validation' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Name Validation' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  for (const path of ['/portal/applications/paymentvalidation', '/portal/applications/namevalidation']) {
    await page.goto(path);
    await expect(page.getByText('This page is not currently available while using this account. Please switch to another account or return home.')).toBeVisible();
  }
});
