import type { Page, TestInfo } from '@playwright/test';
import { seriousAxeFindings } from './support/axe';
import { createValidatedUser, dismissModal, expect, logIn, test } from './support/fixtures';
import { addVirtualAuthenticator, keepRecoveryCodes, logOut, organisationRequiringTwoFactor, totpCode, userWithTotp } from './support/twoFactor';

// Two-factor sign-in in the browser against the real server, each test with fresh users so the demo
// accounts other specs log in with stay without it: an authenticator app added from Sign-in security
// and then asked for at sign-in; a recovery code used once; a passkey (Chromium's virtual
// authenticator) signing in on its own; an organisation's requirement sending a member to enrol; and
// the pages at desktop and phone widths. A code's time step is accepted once, so a sign-in right
// after enrolment types the next step's code (the server takes codes one step either side of now).

async function openSecurity(page: Page) {
  await page.goto('/portal/user');
  await page.getByRole('link', { name: 'Sign-in security' }).click();
  await expect(page).toHaveURL(/\/portal\/user\/security$/);
  await expect(page.getByRole('heading', { name: 'Sign-in security', level: 1 })).toBeVisible();
}

/** Sets up the authenticator app shown on the page: the secret read from it, its code computed here. */
async function turnOnApp(page: Page) {
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  return secret;
}

async function addPasskey(page: Page, name: string) {
  await page.getByLabel('Passkey name').fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
}

/** Screenshots at 1366 and 390 px; at 390 nothing scrolls sideways; no serious axe finding at either. */
async function shoot(page: Page, info: TestInfo, name: string) {
  for (const [width, height] of [[1366, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    // From the top: a full-page shot of a scrolled page draws the sticky bar where it was scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    if (width === 390) expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
    expect(await seriousAxeFindings(page), `${name} at ${width}`).toEqual([]);
    const file = `two-factor-${name}-${width}.png`;
    await page.screenshot({ path: process.env.TWO_FACTOR_SHOTS ? `${process.env.TWO_FACTOR_SHOTS}/${file}` : info.outputPath(file), fullPage: true });
  }
}

test('adds an authenticator app on Sign-in security, then signs in with its code @uk-only', async ({ page, api }) => {
  const { email, password } = await createValidatedUser(api, 'uk');
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/portal\/home/);
  await openSecurity(page);
  const secret = await turnOnApp(page);
  await keepRecoveryCodes(page);
  await expect(page.getByText('Sign-in asks for the 6-digit code your app shows.')).toBeVisible();
  await expect(page.getByText('10 recovery codes are left.')).toBeVisible();
  await logOut(page, email);

  // The password alone is half a sign-in now.
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/portal\/twofactor$/);
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  const code = page.getByLabel('Code from your authenticator app');
  const wrong = totpCode(secret, 5) === '000000' ? '000001' : '000000';
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Continue' }).click();
  const refusal = await dismissModal(page);
  expect(refusal).toContain('Error');
  expect(refusal).toContain('That code is not right. Type the 6 digits your authenticator app shows now.');
  await expect(page).toHaveURL(/\/portal\/twofactor$/);

  // The enrolment spent this step's code: the next step's is taken (one step either side of now).
  await code.fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/portal\/home/);
  await expect(page.getByRole('button', { name: email })).toBeVisible();
});

test('a recovery code signs in once instead of the app @uk-only', async ({ page, api }) => {
  const { email, password, recoveryCodes } = await userWithTotp(api);
  expect(recoveryCodes).toHaveLength(10);
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/portal\/twofactor$/);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  const told = await dismissModal(page);
  expect(told).toContain('Recovery code used');
  expect(told).toContain('You have 9 recovery codes left.');
  await expect(page).toHaveURL(/\/portal\/home/);
  await logOut(page, email);

  // The same code again is refused, and the second step stays.
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/portal\/twofactor$/);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  expect(await dismissModal(page)).toContain('That recovery code is not right, or it has been used already');
  await expect(page).toHaveURL(/\/portal\/twofactor$/);
  // Another kept code still works.
  await page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  expect(await dismissModal(page)).toContain('You have 8 recovery codes left.');
  await expect(page).toHaveURL(/\/portal\/home/);
});

test('a passkey added on Sign-in security signs in on its own, with no email typed @uk-only', async ({ page, api, baseURL }) => {
  // The passkey belongs to the portal's host name: uk-portal.localhost here.
  expect(new URL(baseURL!).hostname).toBe('uk-portal.localhost');
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  const { email, password } = await createValidatedUser(api, 'uk');
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/portal\/home/);
  await openSecurity(page);
  await addPasskey(page, 'Test laptop');
  await keepRecoveryCodes(page);
  // Kept: the codes are shown no more, and the page counts them.
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
  await expect(page.getByText('10 recovery codes are left.')).toBeVisible();
  const passkeys = page.getByRole('table', { name: 'Passkeys' });
  await expect(passkeys.getByRole('row').filter({ hasText: 'Test laptop' })).toHaveCount(1);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'uk-portal.localhost' });
  await logOut(page, email);

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/portal\/home/);
  await expect(page.getByRole('button', { name: email })).toBeVisible();
  // It was used: Sign-in security says when.
  await openSecurity(page);
  await expect(passkeys.getByRole('row').filter({ hasText: 'Test laptop' })).not.toContainText('Never');
});

test('an owner requires two-factor and a member is sent to enrol before anything else @uk-only', async ({ page, api }) => {
  const { member } = await organisationRequiringTwoFactor(api);
  await logIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/portal\/enrol$/);
  await expect(page.getByRole('heading', { name: 'Add a second factor' })).toBeVisible();
  // Nothing else opens until then.
  await page.goto('/portal/user');
  await expect(page).toHaveURL(/\/portal\/enrol$/);

  await turnOnApp(page);
  await keepRecoveryCodes(page);
  await expect(page).toHaveURL(/\/portal\/home/);
  await openSecurity(page);
  await expect(page.getByRole('note')).toContainText('Two-factor sign-in is required by');
  await expect(page.getByText('Sign-in asks for the 6-digit code your app shows.')).toBeVisible();
});

test('enrolment, the second step and Sign-in security at 1366 and 390 px @uk-only', async ({ page, api }, info) => {
  await addVirtualAuthenticator(page);
  const { member } = await organisationRequiringTwoFactor(api);
  await logIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/portal\/enrol$/);
  await shoot(page, info, 'enrol');

  const secret = await turnOnApp(page);
  await keepRecoveryCodes(page);
  await expect(page).toHaveURL(/\/portal\/home/);
  await openSecurity(page);
  await addPasskey(page, 'Test phone');
  await expect(page.getByRole('table', { name: 'Passkeys' }).getByRole('row').filter({ hasText: 'Test phone' })).toHaveCount(1);
  await expect(page.getByLabel('Passkey name')).toHaveValue('Passkey on this device');
  await expect(page.getByText('Sign-in asks for the 6-digit code your app shows.')).toBeVisible();
  await shoot(page, info, 'security');
  await logOut(page, member.email);

  await logIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/portal\/twofactor$/);
  await expect(page.getByRole('button', { name: 'Use your passkey' })).toBeVisible();
  await shoot(page, info, 'twofactor');
  await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/portal\/home/);
});
