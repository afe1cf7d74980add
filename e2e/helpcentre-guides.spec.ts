import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures';

// Each service guide's numbered steps, followed on the real page as the demo owner (Acme UK): the
// guide is opened, its steps are read, and every button, box and label a step names is found on the
// page and does what the step says. Acme UK has used its email clicks, its bank plan has ended and its
// name plan is off, so those checks end in the page's refusal, which is what the guides say happens
// without clicks left.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  await logIn(page, 'owner@example.com');
  await expect(page.getByTestId('account-label')).toContainText('Acme UK');
});

/** Applications › {item}, through the menu as the guides say. */
async function openApplication(page: Page, item: string) {
  await page.getByRole('button', { name: 'Applications' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** The numbered steps of a guide's section, as the help centre shows them. */
async function stepsOf(page: Page, guide: string, heading: string): Promise<string[]> {
  await page.goto(`/portal/helpcentre/${guide}`);
  const section = page.getByRole('region', { name: heading, exact: true });
  await expect(section).toBeVisible();
  const steps = section.locator('ol.guide__steps > li');
  await expect(steps.first()).toBeVisible();
  return steps.allInnerTexts();
}

test('the email validation guide: type the address, Check, read the badge, Why and Not checked @uk-only', async ({ page }) => {
  const steps = await stepsOf(page, 'emailValidationHelpGuide', 'Checking an address in the portal');
  expect(steps[1]).toContain('Email address');
  expect(steps[1]).toContain('Check');
  expect(steps[2]).toContain('no probe is made');
  await openApplication(page, 'Email Validation');
  await expect(page.getByRole('heading', { name: 'Email validation', level: 1 })).toBeVisible();
  await expect(page.getByText('the mailbox itself is not probed')).toBeVisible();
  await expect(page.locator('.email-page__clicks')).toHaveText(/clicks left/i);
  await page.getByLabel('Email address').fill('jane.doe@gmial.com');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  // Acme UK has no email clicks left: the page says so in words, as the guide's "clicks left" warns.
  await expect(page.getByRole('alert')).toContainText('No clicks remain on your Email validation subscription');
});

test('the payment validation guide: Sort code, Account number, Check account, Result @uk-only', async ({ page }) => {
  const steps = await stepsOf(page, 'paymentHelp', 'Checking bank details in the portal');
  expect(steps.join(' ')).not.toContain('whether the sort code exists');
  for (const name of ['Sort code', 'Account number', 'Check account']) expect(steps[1]).toContain(name);
  expect(steps[2]).toContain('Vocalink modulus check');
  await openApplication(page, 'Payment Validation');
  await expect(page.getByRole('heading', { name: 'Payment Validation', level: 1 })).toBeVisible();
  await expect(page.getByText('with the Vocalink modulus rules')).toBeVisible();
  await page.getByLabel('Sort code').fill('08-99-99');
  await page.getByLabel('Account number').fill('66374958');
  await page.getByRole('button', { name: 'Check account' }).click();
  const result = page.getByRole('region', { name: 'Result' });
  // Acme UK's bank plan has ended: the Result says why no check was made.
  await expect(result.getByRole('alert')).toContainText(/click|subscription/i);
});

test('the address lookup guide: no country step; type, Find beside the box, Show more, choose, a label; settings cost no click @uk-only', async ({ page }) => {
  const steps = await stepsOf(page, 'addressLookupHelpGuide', 'Looking up an address');
  expect(steps.join(' ')).not.toMatch(/choose the country/i);
  expect(steps[0]).toContain('Address or postcode');
  expect(steps[1]).toContain('Find');
  expect(steps[2]).toContain('Show more');
  await openApplication(page, 'Address Lookup');
  await expect(page.getByRole('heading', { name: 'Address Lookup', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /country/i })).toHaveCount(0);
  await expect(page.getByLabel(/country/i)).toHaveCount(0);
  const box = page.getByRole('combobox', { name: 'Address or postcode' });
  await box.fill('AB1');
  await expect(page.getByRole('listbox', { name: 'Suggested addresses' }).getByRole('option').first()).toBeVisible();
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByTestId('found-status')).toHaveText(/^The first 20 addresses matching “AB1”: more match$/);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(page.getByRole('list', { name: 'Matching addresses' }).getByRole('listitem')).not.toHaveCount(20);
  const clicks = page.getByTestId('clicks-left');
  await page.getByRole('list', { name: 'Matching addresses' }).getByRole('button').first().click();
  const label = page.getByTestId('formatted-address');
  await expect(label.getByRole('listitem')).toHaveCount(7);
  const before = await clicks.innerText();
  // The label settings redraw the label and use no click.
  await page.getByLabel('Output fields (lines)').selectOption('5');
  await expect(label.getByRole('listitem')).toHaveCount(5);
  await page.getByLabel('Label format').selectOption('Standard');
  await expect(clicks).toHaveText(before);
});

test('the address cleanse guide: Upload a file, pick it (no delimiter, no Start), Map the columns, the properties, the free test @uk-only', async ({ page }) => {
  test.setTimeout(90_000);
  const upload = await stepsOf(page, 'addressCleanseHelpGuide', '1. Upload the file');
  expect(upload.join(' ')).not.toMatch(/\*\*delimiter\*\*|Say which delimiter|Start the upload/);
  expect(upload[0]).toContain('Upload a file');
  expect(upload[1]).toContain('File to cleanse (CSV or delimited text)');
  expect(upload[1]).toContain('the upload starts as soon as the file is picked');
  await expect(page.getByText(/start it again/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: '5. Create the results' })).toContainText('Nothing is deleted');

  await openApplication(page, 'Address Cleanse');
  await page.getByRole('link', { name: 'Upload a file' }).first().click();
  await expect(page.getByRole('heading', { name: 'Upload a file to cleanse' })).toBeVisible();
  // Nothing to set but the file: no delimiter, header or quote option and no Start button.
  await expect(page.getByLabel(/delimiter|quote/i)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /start|upload/i })).toHaveCount(0);
  const name = `guide steps ${Date.now()}.csv`;
  await page.getByLabel('File to cleanse (CSV or delimited text)').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from('Name;Address 1;Town;Postcode\r\nJo Smith;1 Church Court;Cannock;WS11 1AA\r\nAl Jones;2 High Street;Leicester;LE1 1AA\r\n'),
  });
  await expect(page).toHaveURL(/\/updatefields$/, { timeout: 30_000 });

  // 2. Map the columns: the names the guide gives.
  await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
  await expect(page.getByLabel('The first row holds the column names')).toBeChecked();
  await expect(page.getByTestId('encoding-read')).toContainText('Read as');
  await expect(page.getByLabel('What Postcode holds')).toHaveValue('postcode');
  await page.getByRole('button', { name: 'Save and choose the properties' }).click();

  // 3. The settings the guide's table names, with Suppress, Flag and Off.
  await expect(page).toHaveURL(/\/properties$/);
  for (const label of ['Reference file', 'Use PAF', 'Deduplication', 'Put duplicates in a separate file']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  const suppression = page.getByRole('group', { name: 'Suppression' });
  await expect(suppression.getByRole('combobox').first().getByRole('option')).toHaveText(['Off', 'Flag', 'Suppress']);
  for (const group of ['Match details', 'Deduplication', 'Suppression', 'Original input']) {
    await expect(page.getByRole('group', { name: 'Output groups' }).getByRole('checkbox', { name: new RegExp(`^${group} \\(`) })).toBeVisible();
  }
  // 4. The free test, and the buttons the guide names next.
  await page.getByRole('button', { name: 'Save and run the free test' }).click();
  await expect(page.getByRole('heading', { name: /^Free test on \d+ records$/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Run the results' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change the properties' })).toBeVisible();

  // The file is removed again from the list, so other specs see the demo's files only.
  await page.goto('/portal/applications/addresscleanse');
  await page.getByRole('button', { name: `Delete file ${name}` }).click();
  await page.getByRole('button', { name: 'Yes, delete file' }).click();
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});

test('the downloads guide names the zip and the files in it as the file page does @uk-only', async ({ page }) => {
  await page.goto('/portal/helpcentre/downloadsHelp');
  const list = page.getByRole('region', { name: 'Cleansed files' }).or(page.locator('.guide__section').first());
  await expect(list).toContainText('Download AddressCleanseResults.zip');
  await expect(list).toContainText('Results kept until');
  await page.goto('/portal/applications/addresscleanse');
  await expect(page.getByRole('columnheader', { name: 'Results kept until' })).toBeVisible();
});

test('the usage reports guide: the Range box, Apply and the quick ranges, the tabs, and the Summary’s columns @uk-only', async ({ page }) => {
  const steps = await stepsOf(page, 'ReportingSummaryGuide', 'Choosing the range');
  for (const name of ['From', 'To', 'Period']) expect(steps[0]).toContain(name);
  for (const name of ['Apply', 'This month', 'Last month', 'Last 3 months']) expect(steps[1]).toContain(name);
  const summary = page.getByRole('region', { name: 'Summary', exact: true });
  for (const column of ['Subscription', 'Consumed in range', 'Remaining now', 'Service']) await expect(summary).toContainText(column);
  await expect(summary).not.toContainText('Average clicks');

  await page.getByRole('button', { name: 'Reporting' }).click();
  await page.getByRole('menuitem', { name: 'Summary', exact: true }).click();
  const tabs = page.getByRole('navigation', { name: 'Reports' });
  for (const tab of ['Summary', 'Services', 'Tokens']) await expect(tabs.getByRole('link', { name: tab, exact: true })).toBeVisible();
  for (const label of ['From', 'To']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Period', exact: true }).getByRole('option')).toHaveText(['Daily', 'Weekly', 'Monthly']);
  await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
  const picks = page.getByRole('navigation', { name: 'Quick ranges' });
  for (const pick of ['This month', 'Last month', 'Last 3 months']) await expect(picks.getByRole('link', { name: pick })).toBeVisible();
  for (const column of ['Subscription', 'Consumed in range', 'Remaining now', 'Service']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole('columnheader', { name: /Average clicks|Renewal|End date/ })).toHaveCount(0);
  await tabs.getByRole('link', { name: 'Services', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Per plan and service', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Per country', exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Plan', exact: true }).getByRole('option').first()).toHaveText('All plans');
  await tabs.getByRole('link', { name: 'Tokens', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Per token', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Token detail', exact: true })).toBeVisible();
});

test('the account administration guide: Invite a user, Email, Access level, Link valid for (hours), Hand over ownership, Send invitation @uk-only', async ({ page }) => {
  const steps = await stepsOf(page, 'accountAdminHelpGuide', 'Inviting someone');
  expect(steps[0]).toContain('Invite a user');
  for (const name of ['Email', 'Access level']) expect(steps[1]).toContain(name);
  expect(steps[2]).toContain('Link valid for (hours)');
  expect(steps[3]).toContain('Hand over ownership of this account when accepted');
  expect(steps[4]).toContain('Send invitation');

  await page.getByRole('button', { name: 'Administration' }).click();
  await page.getByRole('menuitem', { name: 'Account', exact: true }).click();
  for (const column of ['Name', 'Email', 'Access', 'Actions']) await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Invite a user' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Access level')).toHaveValue('member');
  await expect(page.getByLabel('Link valid for (hours)')).toHaveValue('24');
  await expect(page.getByLabel('Hand over ownership of this account when accepted')).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Send invitation' })).toBeVisible();
});

test('the payments guide: the Billing tab’s Saved card, Authorised payment users and Billing history columns; no bundle invoice link @uk-only', async ({ page }) => {
  const steps = await stepsOf(page, 'paymentReportingHelp', 'Saved payment details');
  expect(steps[0]).toContain('Billing');
  expect(steps[1]).toMatch(/Save a card.*Replace card/);
  expect(steps[2]).toContain('Yes, remove the card');
  const where = page.getByRole('region', { name: 'How a payment goes', exact: true });
  await expect(where).not.toContainText('invoice link');
  await expect(where).toContainText('Checkout');

  await page.getByRole('button', { name: 'Administration' }).click();
  await page.getByRole('menuitem', { name: 'Services', exact: true }).click();
  await page.getByRole('navigation', { name: 'Services sections' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { name: 'Saved card' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Save a card|Replace card)$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Monthly cap on automatic renewals' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Authorised payment users' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Billing history' })).toBeVisible();
  for (const column of ['Invoice', 'Date', 'Description', 'Net', 'VAT/GST', 'Total']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  // The subscriptions' bundles have no invoice or payment link for the customer.
  await page.getByRole('navigation', { name: 'Services sections' }).getByRole('link', { name: 'Subscriptions' }).click();
  await expect(page.getByRole('heading', { name: 'Automatic renewal' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /invoice|pay/i })).toHaveCount(0);
});

test('the provider services guide: the Services card’s Automatic renewal and bundles, staff-only bundle actions, and the Tokens page @uk-only', async ({ page }) => {
  await page.goto('/portal/helpcentre/providerServicesGuide');
  const services = page.getByRole('region', { name: 'The Services page', exact: true });
  for (const words of ['Automatic renewal', 'Change renewal', 'Turn renewal on', 'Disable', 'Set alerts']) await expect(services).toContainText(words);
  const bundles = page.getByRole('region', { name: 'Bundles', exact: true });
  await expect(bundles).toContainText('Create a bundle');
  await expect(bundles).toContainText('End bundle');
  await expect(bundles).not.toContainText('the customer pays there');

  await page.getByRole('button', { name: 'Administration' }).click();
  await page.getByRole('menuitem', { name: 'Services', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Services of Acme UK/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Automatic renewal' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Disable|Enable)$/ }).first()).toBeVisible();
  for (const column of ['Bundle', 'Clicks', 'Used', 'Remaining', 'Price', 'Start', 'End', 'Source']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true }).first()).toBeVisible();
  }
  // Creating, ending and deleting bundles are staff's: the owner sees none of them.
  await expect(page.getByRole('link', { name: 'Create a bundle' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^End bundle/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Administration' }).click();
  await page.getByRole('menuitem', { name: 'Tokens', exact: true }).click();
  for (const name of ['Create token', 'Export API Token', 'Export settings for API']) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create token', exact: true }).click();
  for (const label of ['Tag', 'Expiry', 'Daily cap']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Type' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Services it may call' })).toBeVisible();
});

test('the portal guide: the menus it lists, Name Validation for a UK account, the More menu’s exports, and Home @uk-only', async ({ page }) => {
  await page.goto('/portal/helpcentre/portalHelpGuides');
  const menus = page.getByRole('region', { name: 'The banner and its menus', exact: true });
  await expect(menus).toContainText('Name Validation');
  await expect(menus).toContainText('Export API Token');
  await expect(menus).not.toContainText('Owners and members of the account');

  await page.getByRole('button', { name: 'Applications' }).click();
  for (const item of ['Address Cleanse', 'Address Lookup', 'Email Validation', 'Payment Validation', 'Name Validation']) {
    await expect(page.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
  }
  await page.getByRole('menuitem', { name: 'Name Validation', exact: true }).click();
  await expect(page).toHaveURL(/\/applications\/namevalidation$/);
  await expect(page.getByRole('heading', { name: 'Name validation', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'More' }).click();
  for (const item of ['Export API Token', 'Export settings for API']) await expect(page.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/portal/home');
  await expect(page.getByText('renewed by the portal while you work')).toBeVisible();
});
