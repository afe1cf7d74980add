import { expect, logIn, test } from './support/fixtures';
import { selectAccountAsStaff } from './support/pages';
import { addToBasket, buyerAccount, checkout, lookupPlan, payWith, signInAsBuyer } from './support/shop';

// A paid bundle ended early by staff, against the real server and the embedded test gateway: the
// demo partner buys Address Lookup clicks for Northwind Retail UK, admin ends that bundle on the
// services page with a reason and a refund, and the customer sees the bundle Ended and the credit
// note in the billing history, opened like an invoice. UK only: one purchase and one ending.

test('admin ends a paid bundle with a reason; the customer sees Ended and the credit note in the billing history @uk-only', async ({ browser, page }) => {
  const account = buyerAccount('uk');
  const plan = lookupPlan('uk');
  const reason = `Service outage ${Date.now()}`;

  // The customer buys 1,000 clicks through the shop and pays on the gateway's page.
  await signInAsBuyer(page, 'uk');
  await addToBasket(page, 'addresslookup', plan, 1000);
  await page.goto('/portal/shop/basket');
  await checkout(page);
  await payWith(page, 'success');
  await expect(page).toHaveURL(/\/portal\/shop\/thankyou\?orderId=\d+/);

  // Admin, on the services page of that account: the newest bundle of the plan is the one bought.
  const staffContext = await browser.newContext();
  // A context of its own has not the fixture's flag that keeps the help tips' tour off.
  await staffContext.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  const staff = await staffContext.newPage();
  await logIn(staff, 'admin@example.com');
  await expect(staff).toHaveURL(/\/portal\/home/);
  await selectAccountAsStaff(staff, account);
  await staff.goto('/portal/administration/services');
  const bundles = staff.getByRole('table', { name: `Bundles of ${plan}` });
  const newest = bundles.getByRole('row').nth(1);
  const bundleId = (await newest.getByRole('cell').first().innerText()).trim();
  await newest.getByRole('button', { name: `End bundle ${bundleId}` }).click();

  const dialog = staff.getByRole('dialog', { name: `End bundle ${bundleId}?` });
  await expect(dialog).toBeVisible();
  // No reason: said under the field, nothing sent.
  await dialog.getByRole('button', { name: 'End bundle' }).click();
  await expect(dialog.getByText('Give the reason for ending the bundle')).toBeVisible();
  await dialog.getByLabel(/^Reason/).fill(reason);
  await dialog.getByLabel('Refund to the card').check();
  // The unused share is offered: all 1,000 clicks are unused, so the whole net price, VAT reversed.
  await expect(dialog.getByText(/Credit note total £\d+\.\d{2} \(VAT at 20% reversed\)/)).toBeVisible();
  await dialog.getByRole('button', { name: 'End bundle' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText(`Bundle ${bundleId} was ended.`)).toBeVisible();
  const ended = bundles.getByRole('row', { name: new RegExp(`^${bundleId}\\b`) });
  await expect(ended.getByText(/^Ended \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(ended.getByText(reason)).toBeVisible();
  await expect(ended.getByRole('button', { name: `End bundle ${bundleId}` })).toHaveCount(0);
  await staffContext.close();

  // The customer: the bundle shows Ended with the reason, and the billing history the credit note.
  await page.goto('/portal/administration/services');
  const own = page.getByRole('table', { name: `Bundles of ${plan}` }).getByRole('row', { name: new RegExp(`^${bundleId}\\b`) });
  await expect(own.getByText(/^Ended \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(own.getByText(reason)).toBeVisible();

  await page.goto('/portal/administration/services?tab=billing');
  const history = page.getByRole('table', { name: 'Billing history' });
  const note = history.getByRole('row').filter({ hasText: reason });
  await expect(note).toHaveCount(1);
  const number = ((await note.getByRole('cell').first().innerText()).match(/UK-CN-\d{6}/) ?? [''])[0];
  expect(number).toMatch(/^UK-CN-\d{6}$/);
  await expect(note.getByRole('cell').nth(1)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(note.getByRole('cell').nth(5)).toHaveText(/^-£\d+\.\d{2}$/);

  // Opened like an invoice, in a new tab.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), note.getByRole('button', { name: `Open credit note ${number}` }).click()]);
  await tab.waitForLoadState();
  await expect(tab.getByTestId('credit-note-number')).toHaveText(number);
  await expect(tab.getByTestId('credit-note-reason')).toHaveText(reason);
  await tab.close();
});
