import type { APIRequestContext, Page } from '@playwright/test';
import { demoPassword, expect, logIn, test } from './support/fixtures';

// Address lookup in both territories against the real server: the owner of Acme UK or Acme
// Australia types, finds (the page says when more addresses match than it lists), picks and sees the
// address formatted by the label configuration; changing a label option redraws it with no call; the clicks show up in /reporting;
// and a call with an exported API token from outside the browser is metered the same way.

test.describe.configure({ mode: 'serial' });

const accountOf = (project: string) => (project === 'uk' ? 'Acme UK' : 'Acme Australia');
const datasetOf = (project: string) => (project === 'uk' ? 'uk' : 'australia');
const queryOf = (project: string) => (project === 'uk' ? 'AB1' : '0200');
const number = (text: string) => Number(text.replace(/[^\d-]/g, ''));

async function ownerOn(page: Page, account: string, path: string) {
  await logIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  const label = page.getByTestId('account-label');
  if (!(await label.innerText()).includes(account)) {
    await page.getByRole('button', { name: 'Change Account' }).click();
    await page.getByRole('button', { name: account }).first().click();
    await expect(label).toContainText(account);
  }
  await page.goto(`/portal${path}`);
}

/** The summary's "Consumed in range" total for the account. */
async function consumedTotal(page: Page): Promise<number> {
  await page.goto('/portal/reporting/summary');
  const table = page.locator('#summary-subscriptions').getByRole('table');
  await expect(table).toBeVisible();
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.replace(/\s+/g, ' ').trim() === 'Consumed in range');
  return number(await table.locator(`tfoot tr > :nth-child(${index + 1})`).innerText());
}

async function sessionOf(api: APIRequestContext) {
  const basic = Buffer.from(`owner@example.com:${demoPassword}`).toString('base64');
  const auth = await api.get('/api/users/auth', { headers: { authorization: `Basic ${basic}` } });
  expect(auth.status()).toBe(200);
  return { basic, jwt: ((await auth.json()) as { jwt: string }).jwt };
}

test('type, pick and see the address by the label configuration; label changes cost no click; the clicks reach the reports', async ({ page }, info) => {
  const account = accountOf(info.project.name);
  const uk = info.project.name === 'uk';
  await ownerOn(page, account, '/reporting/summary');
  const before = await consumedTotal(page);

  // Every metered call the page makes and the server answered (a refusal is not charged).
  const charged: string[] = [];
  page.on('response', (r) => {
    if (/\/(json\/(uk|australia)|autoc\/json)\?/.test(r.url()) && r.status() === 200) charged.push(r.url());
  });
  await page.goto('/portal/applications/addresslookup');
  await expect(page.getByRole('heading', { name: 'Address Lookup' })).toBeVisible();
  await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('portal.labelConfig.')).forEach((k) => localStorage.removeItem(k)));
  const box = page.getByRole('combobox', { name: 'Address or postcode' });
  await box.fill(queryOf(info.project.name));
  const list = page.getByRole('listbox', { name: 'Suggested addresses' });
  if (uk) {
    await expect(list.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    await expect(box).toHaveAttribute('aria-expanded', 'true');
  } else {
    // The demo's Acme Australia has no autocomplete subscription: the meter's refusal is shown, and
    // Find lists the matching addresses through address lookup instead.
    await expect(page.getByTestId('lookup-problem')).toHaveText('Your account has no Address autocomplete subscription: buy one in the shop');
  }

  // Find: the suggestion list closes, the first 20 addresses are listed and the page says more match.
  const results = page.getByRole('list', { name: 'Matching addresses' }).getByRole('button');
  // A dataset still loading on a fresh server answers 503 (not charged): Find again until it answers.
  await expect(async () => {
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(results).toHaveCount(20, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('found-status')).toHaveText(`The first 20 addresses matching “${queryOf(info.project.name)}”: more match`);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(() => results.count(), { timeout: 30_000 }).toBeGreaterThan(20);

  if (uk) {
    // Keyboard: typing again opens suggestions; down to the first, Enter chooses it (one lookup).
    await box.fill(`${queryOf(info.project.name)} `);
    await expect(list.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    await box.press('ArrowDown');
    const first = list.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    const chosen = await first.innerText();
    await box.press('Enter');
    await expect(box).toHaveValue(chosen);
  } else {
    // An address Find listed is shown without another call.
    const chosen = await results.first().innerText();
    await results.first().click();
    await expect(box).toHaveValue(chosen);
  }

  const lines = page.getByTestId('formatted-address').getByRole('listitem');
  // The spec's defaults: 7 lines for uk, 5 for australia, FixedTown with the postcode last.
  await expect(lines).toHaveCount(uk ? 7 : 5);
  const postcode = (await box.inputValue()).split(', ').at(-1)!;
  let town: string;
  if (uk) {
    await expect(lines.last()).toHaveText(postcode);
    town = (await lines.nth(5).innerText()).trim();
  } else {
    // Australia Post: locality, state and postcode on the one last line (NEWPORT NSW 2106).
    const last = (await lines.last().innerText()).trim();
    expect(last).toMatch(new RegExp(`^[A-Z][A-Z' -]* (NSW|VIC|QLD|SA|WA|TAS|NT|ACT) ${postcode}$`));
    town = last.replace(/ [A-Z]+ \d{4}$/, '');
  }
  expect(town).toBe(town.toUpperCase());
  // Suggestions (uk), Find, Show more and the lookup of a chosen suggestion (uk); Find again only if a loading dataset refused it.
  await expect.poll(() => charged.length).toBeGreaterThanOrEqual(uk ? 5 : 2);
  await page.waitForTimeout(500);
  const chargedBeforeLabels = charged.length;

  // Town format Lowercase: the same town in capitals and small letters; Standard: the blanks move to the end.
  await page.getByLabel('Town format').selectOption('Lowercase');
  await expect(page.getByTestId('formatted-address')).toContainText(town.charAt(0) + town.slice(1).toLowerCase().split(' ')[0]);
  await page.getByLabel('Label format').selectOption('Standard');
  await expect(lines.last()).toHaveText('\u00a0');
  await page.getByLabel('Output fields (lines)').selectOption('4');
  await expect(lines).toHaveCount(4);
  await page.getByLabel(uk ? 'Include county' : 'Include state').selectOption('Never');
  // The label is drawn again on the page: no label change is a call or a click.
  await page.waitForTimeout(500);
  expect(charged).toHaveLength(chargedBeforeLabels);
  // The configuration is kept for this user: a reload shows the same.
  await page.reload();
  await expect(page.getByLabel('Label format')).toHaveValue('Standard');
  await expect(page.getByLabel('Town format')).toHaveValue('Lowercase');
  await expect(page.getByTestId('clicks-left')).toContainText(/Clicks left: [\d,]+ address lookup/);

  // Clicks used: exactly the calls the server answered (suggestions, Find, Show more, one lookup).
  await expect.poll(async () => (await consumedTotal(page)) - before, { timeout: 20_000 }).toBe(chargedBeforeLabels);
});

test('a call with an exported API token from outside the browser is metered the same way', async ({ page, api }, info) => {
  const account = accountOf(info.project.name);
  const { basic, jwt } = await sessionOf(api);
  const headers = { authorization: `Bearer ${jwt}` };
  const groups = (await (await api.get('/api/users/groups?recurse=true', { headers })).json()) as { id: number; name: string; type: string; children?: unknown[] }[];
  const flat = (list: unknown[]): { id: number; name: string; type: string }[] =>
    (list as { id: number; name: string; type: string; children?: unknown[] }[]).flatMap((g) => [g, ...flat(g.children ?? [])]);
  const accountId = flat(groups).find((g) => g.type === 'account' && g.name === account)!.id;
  // A server token for address lookup from anywhere, created as the tokens page does (password re-entered).
  const created = await api.post(`/api/users/tokens/password?parentId=${accountId}`, {
    headers,
    data: { token: { tag: `e2e-address-${info.project.name}-${Date.now()}`, type: 'server', services: ['addresslookup', 'autocomplete'] }, password: demoPassword },
  });
  expect(created.status(), await created.text()).toBe(201);
  const usable = (await created.json()) as { id: number };
  const exported = await api.get(`/api/users/tokens/export?accountId=${accountId}&tokenId=${usable.id}`, {
    headers: { authorization: `Basic ${basic}` },
  });
  expect(exported.status()).toBe(200);
  const token = ((await exported.json()) as { token: string }).token;

  await ownerOn(page, account, '/reporting/summary');
  const before = await consumedTotal(page);
  const call = (path: string) => api.get(path, { headers: { authorization: `Bearer ${token}` } });
  const dataset = datasetOf(info.project.name);
  let lookup = await call(`/api/address/json/${dataset}?q=${queryOf(info.project.name)}&limit=3`);
  for (let i = 0; i < 30 && lookup.status() === 503; i++) {
    expect(lookup.headers()['retry-after']).toBeTruthy();
    await page.waitForTimeout(1000);
    lookup = await call(`/api/address/json/${dataset}?q=${queryOf(info.project.name)}&limit=3`);
  }
  expect(lookup.status()).toBe(200);
  const answer = (await lookup.json()) as { addresses: { label: string[] }[] };
  expect(answer.addresses.length).toBeGreaterThan(0);
  // Bad input is refused and not charged: an empty query, a 10,000-character one, an unknown dataset.
  expect((await call(`/api/address/json/${dataset}?q=`)).status()).toBe(400);
  expect((await call(`/api/address/json/${dataset}?q=${'x'.repeat(10_000)}`)).status()).toBe(400);
  expect((await call('/api/address/json/france?q=ab')).status()).toBe(404);
  await expect.poll(async () => (await consumedTotal(page)) - before, { timeout: 20_000 }).toBe(1);
});
