import type { Page } from '@playwright/test';
import { testCards } from '../../contract/shared/shop';
import { expect, logIn } from './fixtures';

// The shop as a customer uses it, for e2e/shop.spec.ts and the basket's path walk: the demo partner
// (partner@example.com) owns Northwind Retail UK and Northwind Retail AU, one per territory, so the
// demo accounts other specs count clicks on are not touched.

export const buyer = 'partner@example.com';
export const buyerAccount = (territory: string) => (territory === 'australia' ? 'Northwind Retail AU' : 'Northwind Retail UK');
export const emailPlan = (territory: string) => (territory === 'australia' ? 'Email Validation Australia' : 'Email Validation UK');
export const lookupPlan = (territory: string) => (territory === 'australia' ? 'Address Lookup Australia' : 'Address Lookup UK');

export async function signInAsBuyer(page: Page, territory: string) {
  await logIn(page, buyer);
  await expect(page).toHaveURL(/\/portal\/home/);
  await expect(page.getByTestId('account-label')).toContainText(buyerAccount(territory));
}

/** The basket icon of the account bar, named with its count. */
export const basketIcon = (page: Page) => page.getByRole('link', { name: /^Basket, \d+ items?$/ });

/** Money as shown ("£1,234.50", "A$12.00") in minor units. */
export const minorOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

/** Adds `clicks` of the plan from its service page (/shop/<page>). */
export async function addToBasket(page: Page, servicePage: string, plan: string, clicks: number) {
  if (!page.url().endsWith(`/portal/shop/${servicePage}`)) await page.goto(`/portal/shop/${servicePage}`);
  const card = page.getByRole('article', { name: plan });
  await card.getByLabel('Clicks').fill(String(clicks));
  await card.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'basket' })).toBeVisible();
}

/** Fills what the billing form needs that the demo data may not prefill (the basket's form, or the one named `formName`). */
export async function fillBilling(page: Page, formName = 'Billing details') {
  const form = page.getByRole('form', { name: formName });
  for (const [label, value] of [['Name', 'Pat Partner'], ['Email', 'partner@example.com'], ['Address line 1', '1 High Street'], ['Town', 'Leeds'], ['Postcode', 'LS1 1AA'], ['Country', 'United Kingdom']]) {
    const field = form.getByLabel(label, { exact: true });
    if (!(await field.inputValue())) await field.fill(value);
  }
  return form;
}

export async function checkout(page: Page) {
  const form = await fillBilling(page);
  await form.getByRole('button', { name: /^Checkout / }).click();
  await expect(page).toHaveURL(/\/gateway\/pay\//);
}

/** Pays on the embedded test gateway's hosted page with one of its test cards. */
export async function payWith(page: Page, card: keyof typeof testCards) {
  await page.getByLabel('Card number').fill(testCards[card].number);
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Pat Partner');
  await page.getByRole('button', { name: /^Pay / }).click();
}
