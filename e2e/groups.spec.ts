import type { Page } from '@playwright/test';
import { codeIn, createValidatedUser, expect, logIn, test, waitForMail } from './support/fixtures';

// Groups and navigation: switching account, the four blocked messages, the invitation
// round trip through real email, and a staff search that opens an account.

const oops = {
  account: 'This page is not currently available while using this account. Please switch to another account or return home.',
  partnersOnly: 'The page you were looking for is only available for partners.',
  partnerType: 'The page you were looking for is not accessible through this partner type.',
  notThroughAccount: 'The page you were looking for is not accessible through this account.',
};

async function signIn(page: Page, email: string, password?: string) {
  // Tours would cover the bar in screenshots; these tests are about groups.
  await page.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/portal\/home/);
}

const label = (page: Page) => page.getByTestId('account-label');

// One territory is enough for the switcher (the menus differ by account territory, not by host).
test('an owner switches account through the sliding list, and the token follows owned accounts @uk-only', async ({ page }) => {
  await signIn(page, 'owner@example.com');
  await expect(label(page)).toHaveText('Acme Trading / Acme UK');
  await page.getByRole('button', { name: 'Applications' }).click();
  await expect(page.getByRole('menuitem', { name: 'Payment Validation' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Change Account' }).click();
  const switcher = page.getByRole('dialog', { name: 'Change account' });
  await expect(switcher.getByRole('button', { name: /Helping Hands/ })).toBeVisible();
  // Acme Trading has several accounts: it opens; Back goes up.
  await switcher.getByRole('button', { name: /Acme Trading/ }).click();
  await expect(switcher.getByRole('button', { name: /Acme Australia/ })).toBeVisible();
  await switcher.getByRole('button', { name: '‹ Back' }).click();
  await expect(switcher.getByRole('button', { name: /Helping Hands/ })).toBeVisible();
  await switcher.getByRole('button', { name: /Acme Trading/ }).click();

  const reauth = page.waitForRequest((r) => r.url().includes('/api/users/reauth') && r.url().includes('accId='));
  await switcher.getByRole('button', { name: /Acme Australia/ }).click();
  await expect(label(page)).toHaveText('Acme Trading / Acme Australia');
  expect(new URL((await reauth).url()).searchParams.get('accId')).toMatch(/^\d+$/);
  // No Payment Validation for an Australian account.
  await page.getByRole('button', { name: 'Applications' }).click();
  await expect(page.getByRole('menuitem', { name: 'Email Validation' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Payment Validation' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Kept locally: a reload comes back to the same account.
  await page.reload();
  await expect(label(page)).toHaveText('Acme Trading / Acme Australia');

  // A pending-ownership account says so in the bar.
  await page.getByRole('button', { name: 'Change Account' }).click();
  await switcher.getByRole('button', { name: /Acme Trading/ }).click();
  await switcher.getByRole('button', { name: /Acme Events/ }).click();
  await expect(label(page)).toHaveText('Acme Trading / Acme Events');
  await expect(page.getByText('Pending Ownership').first()).toBeVisible();
});

test('a partner switches between its organisations and accounts @australia-only', async ({ page }) => {
  await signIn(page, 'partner@example.com');
  // On the Australian portal the first account chosen is the partner's Australian one.
  await expect(label(page)).toHaveText('Northwind Partners / Northwind Retail AU');
  await page.getByRole('button', { name: 'Partner', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Leads' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Change Account' }).click();
  const switcher = page.getByRole('dialog', { name: 'Change account' });
  await switcher.getByRole('button', { name: /Northwind Partners/ }).click();
  // Northwind Wholesale has one account: picking it selects that account too.
  await switcher.getByRole('button', { name: /Northwind Wholesale/ }).click();
  await expect(label(page)).toHaveText('Northwind Partners / Northwind Wholesale AU');

  await page.getByRole('button', { name: 'Change Account' }).click();
  await switcher.getByRole('button', { name: /Northwind Partners/ }).click();
  await switcher.getByRole('button', { name: /Northwind Retail/ }).click();
  await switcher.getByRole('button', { name: /Northwind Retail AU/ }).click();
  await expect(label(page)).toHaveText('Northwind Partners / Northwind Retail AU');
  await page.goto('/portal/partner/administration');
  await expect(page.getByRole('heading', { name: 'Northwind Partners' })).toBeVisible();
});

test.describe('blocked pages show the spec\'s "Oops!" messages', () => {
  test('a member opening account administration @uk-only', async ({ page }) => {
    await signIn(page, 'member@example.com');
    await page.goto('/portal/administration/account');
    await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
    await expect(page.getByText(oops.account)).toBeVisible();
  });

  test('an owner with no partner opening partner administration @uk-only', async ({ page }) => {
    await signIn(page, 'owner@example.com');
    await page.goto('/portal/partner/administration');
    await expect(page.getByText(oops.partnersOnly)).toBeVisible();
  });

  test('a referrer opening account administration @uk-only', async ({ page }) => {
    await signIn(page, 'referrer@example.com');
    await page.goto('/portal/administration/account');
    await expect(page.getByText(oops.partnerType)).toBeVisible();
  });

  test('an owner opening the staff search @uk-only', async ({ page }) => {
    await signIn(page, 'owner@example.com');
    await page.goto('/portal/search');
    await expect(page.getByText(oops.notThroughAccount)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/portal\/home$/);
  });
});

test('an owner invites a user by email, who accepts in another browser and joins the account', async ({ page, browser, api }, info) => {
  const invitee = await createValidatedUser(api, info.project.name);
  await signIn(page, 'owner@example.com');
  // Work in Helping Hands UK, an account only the owner is in, so runs in both territories do not meet.
  await page.getByRole('button', { name: 'Change Account' }).click();
  const switcher = page.getByRole('dialog', { name: 'Change account' });
  await switcher.getByRole('button', { name: /Helping Hands/ }).click();
  await expect(label(page)).toHaveText('Helping Hands / Helping Hands UK');

  await page.goto('/portal/administration/account/invite');
  const since = Date.now();
  await page.getByLabel('Email').fill(invitee.email);
  await expect(page.getByLabel('Link valid for (hours)')).toHaveValue('24');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`We emailed ${invitee.email}`)).toBeVisible();

  const mail = await waitForMail(invitee.email, /invit/i, since);
  const link = /https?:\/\/\S+\/portal\/acceptinvite\?jwt=[\w.-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  expect(codeIn(mail)).toBe(''); // an invitation carries a link, not a code

  // The invitee, in a browser of their own.
  const other = await browser.newContext();
  const inviteePage = await other.newPage();
  await inviteePage.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  // The link opened signed out leads through the login page and back to the invitation.
  const path = new URL(link!).pathname + new URL(link!).search;
  await inviteePage.goto(path);
  await expect(inviteePage).toHaveURL(/\/portal\/login\?jwt=/);
  await inviteePage.getByLabel('Email').fill(invitee.email);
  await inviteePage.getByLabel('Password', { exact: true }).fill(invitee.password);
  await inviteePage.getByRole('button', { name: 'Log in' }).click();
  await expect(inviteePage).toHaveURL(/\/portal\/acceptinvite\?jwt=/);
  // Before any click, the page says who invites them to what.
  const card = inviteePage.getByRole('main');
  await expect(card.getByRole('heading', { name: 'Join Helping Hands UK' })).toBeVisible();
  await expect(card).toContainText('Olive Owner invited you to join Helping Hands UK as a member.');
  await expect(card).toContainText('Member: you can use its services');
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card.getByRole('heading', { name: 'You have joined Helping Hands UK' })).toBeVisible();
  await expect(inviteePage.getByTestId('account-label')).toHaveText('Helping Hands / Helping Hands UK');
  await card.getByRole('link', { name: 'Go to Home' }).click();
  await expect(inviteePage).toHaveURL(/\/portal\/home/);

  // Used once only: the page says so, with no Accept to click.
  await inviteePage.goto(path);
  await expect(card.getByRole('heading', { name: 'This invitation has already been used' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  // A link altered on the way names no group.
  await inviteePage.goto(`${path.slice(0, -4)}AAAA`);
  await expect(card.getByRole('heading', { name: 'This invitation link is not valid' })).toBeVisible();
  await expect(card).not.toContainText('Helping Hands UK');
  await other.close();

  // Inviting them again is refused: they are a member now.
  await page.goto('/portal/administration/account/invite');
  await page.getByLabel('Email').fill(invitee.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`Failed to send the invitation: ${invitee.email} is already a member of this group`);
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('heading', { name: 'Invitation sent' })).toHaveCount(0);

  await page.goto('/portal/administration/account');
  const row = page.getByRole('row', { name: new RegExp(invitee.email) });
  await expect(row).toContainText('Member');
});

test('a staff search finds an account and opens it @uk-only', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/portal\/search$/);
  await page.getByRole('searchbox').fill('Northwind Retail');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/portal\/search\/Northwind%20Retail$/);
  await page.getByRole('button', { name: /Northwind Retail AU/ }).click();
  await expect(page).toHaveURL(/\/portal\/administration\/account$/);
  await expect(page.getByRole('heading', { name: 'Northwind Retail AU' })).toBeVisible();
  await expect(label(page)).toHaveText('Northwind Partners / Northwind Retail AU');
});
