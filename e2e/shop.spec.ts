import { declinedText } from '../src/areas/shop/shopPages';
import { expect, test } from './support/fixtures';
import { addToBasket, basketIcon, checkout, emailPlan, lookupPlan, minorOf, payWith, signInAsBuyer } from './support/shop';
import { seriousAxeFindings } from './support/axe';

// Buying clicks in the real shop through the embedded test gateway's hosted page, in both
// territories (UK: £ and VAT at 20%; Australia: A$ and GST at 10%): the success card, then the clicks
// spent on the email validation page; the declined card; the card that asks for an extra
// confirmation; the card confirmed only by webhook after the browser is back; the invoice's totals.

test.describe.configure({ mode: 'serial' });

const taxRate = (territory: string) => (territory === 'australia' ? 0.1 : 0.2);

async function clicksLeft(page: import('@playwright/test').Page) {
  await page.goto('/portal/applications/emailvalidation');
  const text = page.locator('.email-page__clicks');
  await expect(text).toHaveText(/clicks left|No email validation subscription/);
  return Number((await text.innerText()).replace(/[^\d]/g, '') || 0);
}

test('buys email clicks with the success card, sees the bundle on the services page and spends one', async ({ page }, info) => {
  const territory = info.project.name;
  await signInAsBuyer(page, territory);
  const before = await clicksLeft(page);

  await page.goto('/portal/shop');
  await page.getByRole('link', { name: 'See plans for Email Validation' }).click();
  await expect(page).toHaveURL(/\/portal\/shop\/emailValidation$/);
  await addToBasket(page, 'emailValidation', emailPlan(territory), 2000);
  await expect(basketIcon(page)).toHaveAccessibleName('Basket, 1 item');

  await basketIcon(page).click();
  await expect(page).toHaveURL(/\/portal\/shop\/basket$/);
  const row = page.getByRole('row', { name: new RegExp(emailPlan(territory)) });
  await expect(row.getByLabel(/Clicks of/)).toHaveValue('2,000');
  const totals = page.getByTestId('basket-totals');
  const [net, tax, total] = (await totals.locator('dd').allInnerTexts()).map(minorOf);
  expect(net + tax).toBe(total);
  expect(tax).toBe(Math.floor(net * taxRate(territory) + 0.5));
  await expect(totals).toContainText(territory === 'australia' ? 'GST at 10%' : 'VAT at 20%');
  await expect(totals).toContainText(territory === 'australia' ? 'A$' : '£');

  await checkout(page);
  await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
  await payWith(page, 'success');
  await expect(page).toHaveURL(/\/portal\/shop\/thankyou\?orderId=\d+/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Payment received');
  await expect(basketIcon(page)).toHaveAccessibleName('Basket, 0 items');

  await page.getByRole('link', { name: 'See your services' }).click();
  await expect(page).toHaveURL(/\/portal\/administration\/services/);
  await expect(page.getByRole('main')).toContainText(emailPlan(territory));

  expect(await clicksLeft(page)).toBe(before + 2000);
  await page.getByLabel('Email address').fill('jane.doe@gmail.com');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.locator('.email-page__clicks')).toHaveText(`${(before + 2000 - 1).toLocaleString('en-GB')} clicks left`);
});

test('the declined card leaves the basket as it was and says so @uk-only', async ({ page }, info) => {
  const territory = info.project.name;
  await signInAsBuyer(page, territory);
  await addToBasket(page, 'addresslookup', lookupPlan(territory), 10000);
  await page.goto('/portal/shop/basket');
  await checkout(page);
  await payWith(page, 'declined');
  await expect(page).toHaveURL(/\/portal\/shop\/basket/);
  await expect(page.getByRole('alert').filter({ hasText: declinedText })).toHaveText(new RegExp(declinedText));
  await expect(page.getByRole('row', { name: new RegExp(lookupPlan(territory)) }).getByLabel(/Clicks of/)).toHaveValue('10,000');
  await expect(basketIcon(page)).toHaveAccessibleName('Basket, 1 item');
});

test('the card that asks for an extra confirmation is paid once confirmed, and its invoice adds up', async ({ page }, info) => {
  const territory = info.project.name;
  await signInAsBuyer(page, territory);
  await addToBasket(page, 'addresslookup', lookupPlan(territory), 1000);
  await page.goto('/portal/shop/basket');
  await checkout(page);
  await payWith(page, 'confirm');
  await expect(page.getByRole('heading', { name: 'Confirm this payment with your bank' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Payment received');
  const [net, tax, total] = (await page.getByTestId('order-totals').locator('dd').allInnerTexts()).map(minorOf);

  await page.getByRole('button', { name: 'View your invoice' }).click();
  await expect(page).toHaveURL(/\/api\/plans\/invoices\/view/);
  await expect(page.getByRole('heading', { name: territory === 'australia' ? 'Tax invoice' : 'VAT invoice' })).toBeVisible();
  const invoice = { net: minorOf(await page.getByTestId('invoice-net').innerText()), tax: minorOf(await page.getByTestId('invoice-tax').innerText()), total: minorOf(await page.getByTestId('invoice-total').innerText()) };
  expect(invoice.net + invoice.tax).toBe(invoice.total);
  expect(invoice).toEqual({ net, tax, total });
  // Printable on a phone too: at 390 px the invoice does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.locator('body')).toContainText(lookupPlan(territory));
});

test('the card confirmed only by webhook shows "Confirming your payment…" until the webhook comes, then paid', async ({ page }, info) => {
  const territory = info.project.name;
  await signInAsBuyer(page, territory);
  await addToBasket(page, 'emailValidation', emailPlan(territory), 1000);
  await page.goto('/portal/shop/basket');
  await checkout(page);
  await payWith(page, 'webhookOnly');
  await expect(page).toHaveURL(/\/portal\/shop\/thankyou\?orderId=\d+/);
  await expect(page.getByRole('status')).toHaveText('Confirming your payment…');
  await expect(page.getByRole('status')).toContainText('Payment received', { timeout: 20_000 });
  await expect(basketIcon(page)).toHaveAccessibleName('Basket, 0 items');
});

test('a service page with a calculator error, a filled basket and a declined return fit a phone with no serious axe finding @uk-only', async ({ browser, baseURL }, info) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  const page = await context.newPage();
  const territory = info.project.name;
  await signInAsBuyer(page, territory);
  const problems: string[] = [];
  const check = async (what: string) => {
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`${what}: ${overflow}px sideways scroll`);
    for (const v of await seriousAxeFindings(page)) problems.push(`${what}: ${v}`);
  };
  await addToBasket(page, 'addresslookup', lookupPlan(territory), 2000);
  await addToBasket(page, 'addresslookup', lookupPlan(territory), 2000);
  await page.getByRole('article', { name: lookupPlan(territory) }).getByLabel('Clicks').fill('0');
  await check('service page');
  await addToBasket(page, 'emailValidation', emailPlan(territory), 1000);
  await page.goto('/portal/shop/basket?orderId=1&payment=declined');
  await expect(page.getByRole('alert').filter({ hasText: declinedText })).toBeVisible();
  await page.getByLabel(`Clicks of ${emailPlan(territory)}`).fill('1.5');
  await check('basket');
  expect(problems).toEqual([]);
  await context.close();
});
