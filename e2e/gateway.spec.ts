import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { depsOf } from '../server/app';
import { startServer, type RunningServer } from '../server/main';
import type { TestGateway } from '../server/payments/testGateway';
import { seriousAxeFindings } from './support/axe';

// The test gateway's hosted pages in a real browser, under the server's real CSP: no violation, the
// stylesheet applies, nothing wider than a phone, axe finds nothing serious, and each test card can
// be paid with the keyboard alone. The pages need a session, which only checkout makes, so this spec
// runs a portal of its own (in memory, no SPA) whose gateway it can ask directly.

let server: RunningServer;
let gateway: TestGateway;
let origin: string;

test.beforeAll(async () => {
  server = await startServer({
    port: 0, host: '127.0.0.1', dataDir: 'memory://', seedDemo: false, banner: false, logger: false,
    env: { ...process.env, DATABASE_URL: '', ADDRESS_PRELOAD: '0', STATIC_DIR: '/nonexistent-portal-dist', SELLER_NAME: 'Northwind Data Ltd' },
  });
  origin = `http://127.0.0.1:${server.port}`;
  // The app's gateway is the test gateway (PAYMENT_GATEWAY defaults to test), with its page methods.
  gateway = depsOf(server.app).gateway as TestGateway;
});
test.afterAll(() => server?.close());

let key = 0;
async function newPage(amount = 1499, currency: 'GBP' | 'AUD' = 'GBP') {
  const page = await gateway.createPaymentPage({
    idempotencyKey: `e2e-gateway-${Date.now()}-${++key}`,
    customer: { ref: 'customer-e2e', email: 'payer@example.com', name: 'Payer' },
    reference: `order-${key}`,
    successUrl: `${origin}/portal/shop/thankyou?orderId=${key}`,
    cancelUrl: `${origin}/portal/shop/basket?orderId=${key}`,
    amount, currency,
    description: '5,000 clicks of Email validation (Email Basic)',
    offerToSaveCard: false,
  });
  return { ...page, orderId: key };
}

/** CSP violations and console errors from now on. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  void page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`)),
  );
  return problems;
}

/** Presses Tab from the top of the page until `target` has the focus (a few presses at most). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 10 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

/** Fills the card form with the keyboard only, from the top of the page, and submits it. */
async function payByKeyboard(page: Page, number: string) {
  await tabTo(page, page.getByLabel('Card number'));
  await page.keyboard.type(number);
  await page.keyboard.press('Tab');
  await page.keyboard.type('12/34');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ada Lovelace');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Pay / })).toBeFocused();
  await page.keyboard.press('Enter');
}

for (const size of [{ name: 'phone', width: 390, height: 844 }, { name: 'laptop', width: 1366, height: 900 }]) {
  test(`the pages fit a ${size.name} and axe finds nothing serious @uk-only`, async ({ browser }: { browser: Browser }) => {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    const { url } = await newPage(123456, 'AUD');
    await page.goto(url);
    await expect(page.getByText('A$1,234.56', { exact: true })).toBeVisible();
    const screens: Array<[string, () => Promise<void>]> = [
      ['card form', async () => undefined],
      ['field errors', async () => {
        await page.getByRole('button', { name: /^Pay / }).click();
        await expect(page.getByRole('alert')).toContainText('There are 4 problems with the card');
      }],
      ['bank confirmation', async () => {
        await page.getByLabel('Card number').fill('4000 0025 0000 3155');
        await page.getByLabel('Expiry date').fill('12/34');
        await page.getByLabel('Security code').fill('123');
        await page.getByLabel('Name on card').fill('Ada Lovelace');
        await page.getByRole('button', { name: /^Pay / }).click();
        await expect(page.getByRole('heading', { name: 'Confirm this payment with your bank' })).toBeVisible();
      }],
    ];
    for (const [name, reach] of screens) {
      await reach();
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth), `${name}: sideways scroll`).toBeLessThanOrEqual(0);
      expect(await seriousAxeFindings(page), name).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`gateway-${name.replace(/ /g, '-')}-${size.name}.png`), fullPage: true });
    }
    await context.close();
  });
}

test('each card is paid with the keyboard alone, under the CSP with a clean console @uk-only', async ({ page }) => {
  const problems = watch(page);
  const success = await newPage();
  const response = await page.goto(success.url);
  expect(response?.headers()['content-security-policy']).toContain("style-src 'self'");
  await expect(page).toHaveTitle('Pay - Test payment gateway');
  await expect(page.getByText('TEST MODE')).toBeVisible();
  // The stylesheet applied: the banner has its colour.
  expect(await page.locator('.banner').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(138, 59, 0)');
  await payByKeyboard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(`${origin}/portal/shop/thankyou?orderId=${success.orderId}`);
  expect(await gateway.retrieve(success.ref)).toMatchObject({ status: 'succeeded' });

  const declined = await newPage();
  await page.goto(declined.url);
  await payByKeyboard(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL(`${origin}/portal/shop/basket?orderId=${declined.orderId}&payment=declined`);

  const confirmed = await newPage();
  await page.goto(confirmed.url);
  await payByKeyboard(page, '4000 0025 0000 3155');
  await expect(page.getByRole('heading', { name: 'Confirm this payment with your bank' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Complete' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${origin}/portal/shop/thankyou?orderId=${confirmed.orderId}`);

  const cancelled = await newPage();
  await page.goto(cancelled.url);
  await page.getByRole('button', { name: 'Cancel and return to Northwind Data Ltd' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${origin}/portal/shop/basket?orderId=${cancelled.orderId}&payment=cancelled`);

  // The portal itself is not built for this server (503): only the gateway's pages are watched.
  expect(problems.filter((p) => !p.includes('503'))).toEqual([]);
});
