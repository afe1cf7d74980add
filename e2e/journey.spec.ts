import { codeIn, createValidatedUser, demoPassword, dismissModal, expect, logIn, test, waitForMail } from './support/fixtures';

// The whole user journey of the foundation, run once per territory (projects uk and australia, each
// reaching the same server through its own host name).

const territoryName = (project: string) => (project === 'uk' ? 'United Kingdom' : 'Australia');

test('sends a visitor to /login keeping the query string @uk-only', async ({ page }) => {
  await page.goto('/portal/home?campaign=spring&ref=42');
  await expect(page).toHaveURL(/\/portal\/login\?campaign=spring&ref=42$/);
  await page.goto('/portal?x=1');
  await expect(page).toHaveURL(/\/portal\/login\?x=1$/);
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
});

test('registers, validates by emailed code, stays signed in on reload, renews the token and logs out', async ({ page }, info) => {
  const email = `new-${info.project.name}-${Date.now()}@example.org`;
  const started = Date.now();
  await page.goto('/portal/register?from=ad');
  await expect(page.getByText(territoryName(info.project.name)).first()).toBeVisible();
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
  await page.getByLabel('Confirm password').fill('Correct-Horse-9');
  await page.getByRole('button', { name: 'Register' }).click();

  // A new user is unvalidated: the guard sends them to /validate, query string kept.
  await expect(page).toHaveURL(/\/portal\/validate\?from=ad$/);
  const first = await waitForMail(email, /validation code/i, started);
  expect(codeIn(first)).toMatch(/^\d{6}$/);

  // A wrong code gets the server's reason in the Error modal.
  const wrong = codeIn(first) === '000000' ? '111111' : '000000';
  await page.getByLabel('Validation code').fill(wrong);
  await page.getByRole('button', { name: 'Validate' }).click();
  expect(await dismissModal(page)).toContain('Failed to validate your account: Invalid validation code');

  // Resend: a new code arrives and the old one no longer works.
  const beforeResend = Date.now();
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByText('A new code is on its way')).toBeVisible();
  const second = await waitForMail(email, /validation code/i, beforeResend);
  await page.getByLabel('Validation code').fill(codeIn(second));
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page).toHaveURL(/\/portal\/home\?from=ad$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByText(territoryName(info.project.name)).first()).toBeVisible();

  // Reload: re-authentication on load keeps the user signed in.
  const reauth = page.waitForRequest((r) => r.url().includes('/api/users/reauth'));
  await page.reload();
  await reauth;
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  // Sessions last 20 s here: the token is renewed at half the time left, without a page change.
  // (Home no longer shows a customer the renewal time: the renewed token is what is checked.)
  const renewal = await page.waitForResponse((r) => r.url().includes('/api/users/reauth') && r.status() === 200, { timeout: 20_000 });
  const renewed = (await renewal.json()) as { jwt: string };
  await expect.poll(async () => page.evaluate(() => JSON.parse(localStorage.getItem('portal.session.user') ?? '{}').jwt)).toBe(renewed.jwt);
  await expect(page.getByRole('status').filter({ hasText: /^(Active|Renewing…)$/ })).toHaveText('Active');

  // Log out: back to /login with nothing of the session left behind.
  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/portal\/login/);
  const saved = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('portal.') && !k.startsWith('portal.helptips.')));
  expect(saved).toEqual([]);
  await page.goto('/portal/home');
  await expect(page).toHaveURL(/\/portal\/login$/);
});

test('edits the signed-in user\'s details and changes the password @uk-only', async ({ page, api }, info) => {
  const { email, password } = await createValidatedUser(api, info.project.name);
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/portal\/home$/);
  await page.goto('/portal/user');
  await expect(page).toHaveURL(/\/portal\/user\/\d+$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('My settings');
  await page.getByRole('link', { name: 'Edit details' }).click();
  await page.getByLabel('Town').fill(`Town ${info.project.name}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Town ${info.project.name}`)).toBeVisible();
  // Dates show as dd/mm/yyyy.
  await expect(page.getByText(/Member since/)).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: /^\d{2}\/\d{2}\/\d{4}$/ }).first()).toBeVisible();

  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('Another-Pass-2');
  await page.getByLabel('Confirm new password').fill('Another-Pass-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  // The server checks the current password and says plainly that it is wrong.
  expect(await dismissModal(page)).toContain('Failed to update your password: The current password is not correct');
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  // The new password is the one that works now.
  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await logIn(page, email, password);
  expect(await dismissModal(page)).toContain('Invalid user name or password');
  await logIn(page, email, 'Another-Pass-2');
  await expect(page).toHaveURL(/\/portal\/home$/);
});

test('shows the server reason when a login fails @uk-only', async ({ page }) => {
  await logIn(page, 'owner@example.com', 'Wrong-Password-0');
  expect(await dismissModal(page)).toContain('Failed to log in: Invalid user name or password');
  await expect(page).toHaveURL(/\/portal\/login$/);
});

test('resets a forgotten password with a code sent by email @uk-only', async ({ page, api }, info) => {
  // A user of its own, so the demo accounts keep their password.
  const email = `reset-${info.project.name}-${Date.now()}@example.org`;
  const signup = await api.post('/api/users/users', {
    data: { email, password: 'First-Pass-1', personalName: 'Reset Me', territory: info.project.name },
  });
  expect(signup.status()).toBe(201);

  await page.goto('/portal/login');
  await page.getByRole('link', { name: 'Forgotten your password?' }).click();
  await expect(page).toHaveURL(/\/portal\/resetpassword/);
  // The page loads on demand: wait for it, or the login form's Email field is the one filled.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  const since = Date.now();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const mail = await waitForMail(email, /reset code/i, since);
  await page.getByLabel('Reset code').fill(codeIn(mail));
  await page.getByLabel('New password', { exact: true }).fill('Second-Pass-2');
  await page.getByLabel('Confirm new password').fill('Second-Pass-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Second-Pass-2');
  await page.getByRole('button', { name: 'Log in' }).click();
  // Never validated, so the guard sends them to /validate: the new password worked.
  await expect(page).toHaveURL(/\/portal\/validate$/);
});

test('logs the user out with "Authentication Failure" when the server answers 401 mid-session @uk-only', async ({ page, api }, info) => {
  const email = `gone-${info.project.name}-${Date.now()}@example.org`;
  await api.post('/api/users/users', { data: { email, password: 'Gone-Pass-1', personalName: 'Soon Gone', territory: info.project.name } });
  await logIn(page, email, 'Gone-Pass-1');
  await expect(page).toHaveURL(/\/portal\/validate$/);
  // The account disappears on the server (staff delete it) while the page still holds a token.
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('portal.session.user') ?? '{}'));
  const staff = await api.get('/api/users/auth', {
    headers: { authorization: `Basic ${Buffer.from(`admin@example.com:${demoPassword}`).toString('base64')}` },
  });
  const { jwt } = (await staff.json()) as { jwt: string };
  const removed = await api.delete(`/api/users/users?id=${saved.id}`, { headers: { authorization: `Bearer ${jwt}` } });
  expect(removed.status()).toBe(200);
  await page.getByRole('button', { name: 'Resend code' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Authentication error' })).toBeVisible();
  await expect(dialog).toContainText('Authentication Failure');
  await expect(page).toHaveURL(/\/portal\/login$/);
});

test('shows the unknown page with a way back home @uk-only', async ({ page }) => {
  await logIn(page, 'member@example.com');
  await expect(page).toHaveURL(/\/portal\/home$/);
  await page.goto('/portal/no/such/page');
  await expect(page.getByText('Oops! The page you were looking for does not exist.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/portal\/home$/);
});

test('keeps an unvalidated demo user on /validate @uk-only', async ({ page }) => {
  await logIn(page, 'unvalidated@example.com');
  await expect(page).toHaveURL(/\/portal\/validate$/);
  await page.goto('/portal/user');
  await expect(page).toHaveURL(/\/portal\/validate$/);
});
