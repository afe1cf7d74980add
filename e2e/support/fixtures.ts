import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import type { CapturedMail } from './mailbox';
import { e2ePort } from './ports';

export const demoPassword = 'Demo-Password-1';

/** Waits for the newest mail to `to` whose subject matches, received after `since`. */
export async function waitForMail(to: string, subject: RegExp, since = 0): Promise<CapturedMail> {
  const url = `${process.env.E2E_MAILBOX_URL}/?to=${encodeURIComponent(to)}`;
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(url)).json()) as CapturedMail[];
        found = mails.filter((m) => subject.test(m.subject) && m.receivedAt >= since).at(-1);
        return Boolean(found);
      },
      { timeout: 15_000, message: `mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

export const codeIn = (mail: CapturedMail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';

export async function logIn(page: Page, email: string, password = demoPassword) {
  await page.goto('/portal/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Reads the text of the modal dialog, then closes it with its OK button. */
export async function dismissModal(page: Page) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  const text = await dialog.innerText();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  return text;
}

/**
 * A fresh, validated user of its own, made through the real API and the real validation email, so a
 * test may change it without disturbing the demo accounts other tests log in with.
 */
export async function createValidatedUser(request: APIRequestContext, territory: string, password = 'Own-Pass-1') {
  const email = `user-${territory}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.org`;
  const since = Date.now();
  const signup = await request.post('/api/users/users', { data: { email, password, personalName: 'Test User', territory } });
  expect(signup.status()).toBe(201);
  const basic = Buffer.from(`${email}:${password}`).toString('base64');
  const auth = await request.get('/api/users/auth', { headers: { authorization: `Basic ${basic}` } });
  const { jwt } = (await auth.json()) as { jwt: string };
  const code = codeIn(await waitForMail(email, /validation code/i, since));
  const validated = await request.put('/api/users/validate', { data: { code }, headers: { authorization: `Bearer ${jwt}` } });
  expect(validated.status()).toBe(200);
  return { email, password };
}

/**
 * Requests made from the test process itself (setting up users): Node's resolver does not know the
 * *.localhost names Chromium resolves, so they go to 127.0.0.1.
 */
export const test = base.extend<{ api: APIRequestContext; helpTips: 'on' | 'off' }>({
  /**
   * A page's help-tip tour starts by itself on a first visit and dims the page until dismissed. Specs
   * about other things run with tips hidden (the browser's global flag); e2e/helptips.spec.ts turns
   * them on with `test.use({ helpTips: 'on' })`.
   */
  helpTips: ['off', { option: true }],
  context: async ({ context, helpTips }, use) => {
    if (helpTips === 'off') {
      await context.addInitScript(() => {
        try {
          localStorage.setItem('portal.helptips.disabled', 'true');
        } catch {
          // no storage on this page (about:blank)
        }
      });
    }
    await use(context);
  },
  api: async ({ playwright }, use) => {
    const api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${e2ePort}` });
    await use(api);
    await api.dispose();
  },
});
export { expect };
