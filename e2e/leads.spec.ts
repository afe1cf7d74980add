import { expect, logIn, test } from './support/fixtures';

// Partners and leads against the real server and its demo seed. Leads do not depend on
// the territory, so each test runs once (@uk-only): the partner creates a lead (bad input first:
// each field says what is wrong), edits and deletes it, and reads its client accounts and console;
// a referrer is refused the leads pages with the spec's message; super adds and retires a lead option.

test('a partner creates, edits and deletes a lead, and sees its client accounts and console @uk-only', async ({ page }, testInfo) => {
  const company = `Initech ${testInfo.workerIndex}-${Date.now() % 100_000}`;
  await logIn(page, 'partner@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.getByRole('button', { name: 'Partner', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Leads' }).click();
  await expect(page.getByRole('heading', { name: 'Leads of Northwind Partners' })).toBeVisible();
  await page.getByRole('link', { name: 'Create lead' }).first().click();
  await expect(page).toHaveURL(/\/portal\/partner\/leads\/createlead$/);

  // Bad input: a close date that has passed, a probability over 100, an email that is not one.
  await page.getByLabel('Company name', { exact: true }).fill(company);
  await page.getByLabel('Address line 1', { exact: true }).fill('1 Low Road');
  await page.getByLabel('Town', { exact: true }).fill('Leeds');
  await page.getByLabel('Contact name', { exact: true }).fill('Bill Lumbergh');
  await page.getByLabel('Email', { exact: true }).fill('bill.initech.example');
  await page.getByRole('checkbox', { name: 'Address lookup', exact: true }).check();
  await page.getByLabel('Probability (%)', { exact: true }).fill('150');
  await page.getByLabel('Close date', { exact: true }).fill('01/01/2020');
  await page.getByRole('button', { name: 'Create lead' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('The probability is from 0 to 100')).toBeVisible();
  await expect(page.getByText('The close date has passed: choose today or a later day')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();

  await page.getByLabel('Email', { exact: true }).fill('bill@initech.example');
  await page.getByLabel('Probability (%)', { exact: true }).fill('60');
  // Written as the portal writes dates.
  await page.getByLabel('Close date', { exact: true }).fill('31/12/2030');
  await page.getByRole('button', { name: 'Create lead' }).click();
  await expect(page.getByRole('heading', { name: company, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/portal\/partner\/leads\/\d+$/);
  const details = page.locator('.lead-details');
  await expect(details).toContainText('bill@initech.example');
  await expect(details).toContainText('31/12/2030');
  await expect(page.getByText('New', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit lead' }).click();
  await expect(page.getByLabel('Close date', { exact: true })).toHaveValue('31/12/2030');
  await page.getByLabel('Contact name', { exact: true }).fill('Peter Gibbons');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The lead is saved.')).toBeVisible();
  await expect(details).toContainText('Peter Gibbons');

  await page.getByRole('button', { name: 'Delete lead' }).click();
  await page.getByRole('button', { name: 'Yes, delete lead' }).click();
  await expect(page).toHaveURL(/\/portal\/partner\/leads$/);
  await expect(page.getByRole('link', { name: company })).toHaveCount(0);

  // The partner's client accounts, and the console from there.
  await page.goto('/portal/partner/administration');
  const accounts = page.getByRole('table', { name: 'Client accounts' });
  await expect(accounts).toContainText('Northwind Retail UK');
  await page.getByRole('link', { name: 'Usage and spend console' }).click();
  await expect(page.getByRole('heading', { name: 'Console of Northwind Partners' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Per client account' })).toContainText('Northwind Retail UK');
});

test('a referrer partner is refused the leads pages with the spec’s message @uk-only', async ({ page }) => {
  await logIn(page, 'referrer@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  // The same leads from the home page: the form and a lead are refused the same way, before they show.
  for (const path of ['/portal/partner/leads', '/portal/home/createlead', '/portal/home/leads/1']) {
    await page.goto(path);
    await expect(page.getByText('The page you were looking for is not accessible through this partner type.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create lead' })).toHaveCount(0);
  }
});

test('super adds a lead option from the ellipsis menu and retires it @uk-only', async ({ page }) => {
  const name = `Needs a data processing agreement ${Date.now() % 100_000}`;
  await logIn(page, 'super@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Lead form Administration' }).click();
  await expect(page.getByRole('heading', { name: 'Lead form Administration', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Option', exact: true }).fill(name);
  await page.getByLabel('Requirement', { exact: true }).fill('Our DPA signed before the first file');
  await page.getByRole('button', { name: 'Add option' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Offered');
  await row.getByRole('button', { name: 'Retire' }).click();
  await expect(row).toContainText('Retired');
  await expect(row.getByRole('button', { name: 'Offer again' })).toBeVisible();
});
