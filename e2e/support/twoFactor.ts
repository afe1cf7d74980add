import type { APIRequestContext, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { createValidatedUser, demoPassword, expect, waitForMail } from './fixtures';

// Two-factor sign-in from the test process: authenticator codes computed from a secret as an app
// would, an app enrolled through the real calls, an organisation that requires two-factor of its
// members, and Chromium's virtual authenticator standing in for a device that holds passkeys.

/** The authenticator app's code for `secret` now, or `steps` time steps (30 s) away. */
export const totpCode = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const basicOf = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

/** Logs in through the API: the user's id and bearer headers. */
export async function signedInByApi(api: APIRequestContext, email: string, password = demoPassword) {
  const auth = await api.get('/api/users/auth', { headers: { authorization: basicOf(email, password) } });
  expect(auth.status()).toBe(200);
  const { id, jwt } = (await auth.json()) as { id: number; jwt: string };
  return { id, headers: { authorization: `Bearer ${jwt}` } };
}

/** A fresh user with an authenticator app added through the API: its secret and the recovery codes shown. */
export async function userWithTotp(api: APIRequestContext) {
  const user = await createValidatedUser(api, 'uk');
  const { headers } = await signedInByApi(api, user.email, user.password);
  const started = await api.post('/api/users/security/totp', { headers });
  expect(started.status()).toBe(200);
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await api.put('/api/users/security/totp', { headers, data: { code: totpCode(secret) } });
  expect(confirmed.status()).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  return { ...user, secret, recoveryCodes };
}

/**
 * A fresh organisation (made by staff for a fresh owner) with an account below it (made by the
 * owner) that a fresh member joined by invitation; the owner then requires two-factor sign-in of the
 * organisation. Staff are in neither group, so the demo accounts stay free of the requirement.
 */
export async function organisationRequiringTwoFactor(api: APIRequestContext) {
  const owner = await createValidatedUser(api, 'uk');
  const member = await createValidatedUser(api, 'uk');
  const ownerAuth = await signedInByApi(api, owner.email, owner.password);
  const memberAuth = await signedInByApi(api, member.email, member.password);
  const staff = (await signedInByApi(api, 'super@example.com')).headers;
  const name = `Two Factor ${Date.now()}`;
  const org = await api.post(`/api/users/groups?userId=${ownerAuth.id}`, { data: { type: 'organisation', name: `${name} Ltd`, territory: 'uk' }, headers: staff });
  expect(org.status(), await org.text()).toBe(201);
  const organisationId = ((await org.json()) as { id: number }).id;
  // The owner makes the account: staff making it would own it, and be required two-factor too.
  const account = await api.post(`/api/users/groups?parentId=${organisationId}`, { data: { type: 'account', name: `${name} UK`, territory: 'uk' }, headers: ownerAuth.headers });
  expect(account.status(), await account.text()).toBe(201);
  const accountId = ((await account.json()) as { id: number }).id;

  const since = Date.now();
  const invited = await api.post(`/api/users/groupusers?groupId=${accountId}&email=${encodeURIComponent(member.email)}`, { data: {}, headers: ownerAuth.headers });
  expect(invited.status(), await invited.text()).toBe(200);
  const mail = await waitForMail(member.email, /invit/i, since);
  const jwt = /acceptinvite\?jwt=([\w.-]+)/.exec(mail.text)?.[1] ?? '';
  const accepted = await api.post(`/api/users/groupinvite?jwt=${jwt}`, { headers: memberAuth.headers });
  expect(accepted.status(), await accepted.text()).toBe(200);

  const required = await api.put(`/api/users/security/group?id=${organisationId}`, { data: { required: true }, headers: ownerAuth.headers });
  expect(required.status(), await required.text()).toBe(200);
  // Staff made the organisation but are in neither group: still signed in by password alone.
  const staffAgain = await api.get('/api/users/auth', { headers: { authorization: basicOf('super@example.com', demoPassword) } });
  expect(((await staffAgain.json()) as { stage?: string }).stage ?? 'full').toBe('full');
  return { owner, member, organisationId, accountId };
}

/** Chromium's virtual authenticator for this page: a device with a screen lock that holds passkeys and answers at once. */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** Logs out from the user menu (named by the user's email): the login page, the session ended on the server. */
export async function logOut(page: Page, email: string) {
  await page.getByRole('button', { name: email }).click();
  const ended = page.waitForResponse((r) => r.url().endsWith('/api/users/auth') && r.request().method() === 'DELETE');
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/portal\/login/);
  // The server ended the session too (the call carried its token), with no error shown.
  expect((await ended).status()).toBe(200);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

/** Ticks "I have kept my recovery codes" under the codes shown and goes on; the codes. */
export async function keepRecoveryCodes(page: Page, button: 'Continue' | 'Done' = 'Continue') {
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allInnerTexts();
  const go = page.getByRole('button', { name: button, exact: true });
  await expect(go).toBeDisabled();
  await page.getByLabel('I have kept my recovery codes').check();
  await go.click();
  return codes.map((code) => code.trim());
}
