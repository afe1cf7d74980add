import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures';

// An organisation's own administration (charity and corporate status, its
// accounts) reached from Change Account and the account bar by its owner, and from search by staff,
// against the real server and its demo seed (owner@example.com owns Helping Hands, a charity in
// verification with one account, Helping Hands UK). Runs once: both projects share one server.

async function signIn(page: Page, email: string) {
  await logIn(page, email);
  await expect(page).toHaveURL(/\/portal\/home/);
}

const charityStatus = (page: Page) => page.getByRole('group', { name: 'Charity' }).getByTestId('charity-status');

test('an owner opens Helping Hands from Change Account and sets its charity number; staff confirm it @uk-only', async ({ page, browser }) => {
  await signIn(page, 'owner@example.com');
  await page.getByRole('button', { name: 'Change Account' }).click();
  await page.getByRole('dialog', { name: 'Change account' }).getByRole('button', { name: /Helping Hands/ }).click();
  const label = page.getByTestId('account-label');
  await expect(label).toHaveText('Helping Hands / Helping Hands UK');

  // The organisation's name in the account bar opens its own administration page.
  await label.getByRole('link', { name: 'Helping Hands', exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/administration\/organisation$/);
  await expect(page.getByRole('heading', { name: 'Helping Hands', exact: true, level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Accounts' }).getByRole('button', { name: 'Helping Hands UK' })).toBeVisible();
  const charity = page.getByRole('group', { name: 'Charity' });
  await expect(charityStatus(page)).toHaveText('Charity in verification');
  // Confirming and discounts are staff's.
  await expect(charity.getByRole('button', { name: 'Confirm valid' })).toHaveCount(0);
  await expect(charity.getByRole('checkbox', { name: 'Royal Mail discount' })).toHaveCount(0);

  // Corporate status goes on and off through the real server.
  const corporate = page.getByRole('group', { name: 'Corporate' });
  await corporate.getByRole('button', { name: 'Turn on corporate status' }).click();
  await expect(corporate.getByRole('status')).toHaveText('Corporate status turned on.');
  await corporate.getByRole('button', { name: 'Turn off corporate status' }).click();
  await expect(corporate.getByRole('status')).toHaveText('Corporate status turned off.');

  // A new number replaces the seeded one and waits for verification.
  page.once('dialog', (dialog) => void dialog.accept());
  await charity.getByRole('button', { name: 'Remove charity number' }).click();
  await expect(charityStatus(page)).toHaveText('Not a charity');
  await charity.getByLabel('Charity number').fill('1180456');
  await charity.getByRole('button', { name: 'Set charity number' }).click();
  await expect(charityStatus(page)).toHaveText('Charity in verification');
  await expect(charity).toContainText('1180456');

  // Staff find the organisation in search: the result opens its administration, not its account's.
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await staffPage.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  await signIn(staffPage, 'admin@example.com');
  await staffPage.goto('/portal/search/Helping%20Hands');
  await staffPage.getByRole('table', { name: 'Groups' }).getByRole('button', { name: 'Helping Hands', exact: true }).click();
  await expect(staffPage).toHaveURL(/\/portal\/administration\/organisation$/);
  await expect(staffPage.getByRole('heading', { name: 'Helping Hands', exact: true, level: 1 })).toBeVisible();
  const staffCharity = staffPage.getByRole('group', { name: 'Charity' });
  await expect(staffCharity).toContainText('1180456');
  await staffCharity.getByRole('checkbox', { name: 'Royal Mail discount' }).check();
  await staffCharity.getByRole('button', { name: 'Confirm valid' }).click();
  await expect(charityStatus(staffPage)).toHaveText('Charity confirmed');
  await expect(staffCharity).toContainText('Royal Mail discount: yes');
  await expect(staffCharity).toContainText('Ordnance Survey discount: no');
  await staff.close();

  // The owner sees it confirmed.
  await page.reload();
  await expect(charityStatus(page)).toHaveText('Charity confirmed');
  await expect(charity.getByRole('button', { name: 'Confirm valid' })).toHaveCount(0);
});
