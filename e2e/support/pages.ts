import { test, type Page, type Request } from '@playwright/test';
import { expect, logIn } from './fixtures';

// Every page of the portal, as the user who may open it reaches it: the list that the whole-portal
// checks (CSP and console, layout and accessibility) walk. A new page joins here.

export type PortalPage = {
  path: string;
  user: string | null;
  name: string;
  /** Staff pages about one account: the account staff open first (through the search). */
  account?: string;
};

const guides = [
  'portalHelpGuides',
  'addressLookupHelpGuide',
  'emailValidationHelpGuide',
  'paymentHelp',
  'addressCleanseHelpGuide',
  'shopHelpGuide',
  'automaticRenewalsHelp',
  'paymentReportingHelp',
  'ReportingSummaryGuide',
  'downloadsHelp',
  'accountAdminHelpGuide',
  'providerServicesGuide',
  'devDocsHelpGuide',
];

/** The pages `user` opens, each as [name, path under /portal]. */
const pagesOf = (user: string | null, pages: Array<[name: string, path: string, account?: string]>): PortalPage[] =>
  pages.map(([name, path, account]) => ({ name, path: `/portal${path}`, user, account }));

export const portalPages: PortalPage[] = [
  ...pagesOf(null, [
    ['login', '/login'],
    ['register', '/register'],
    ['reset password', '/resetpassword'],
    ['unknown page (signed out)', '/no-such-page'],
    ['visualiser', '/visualiser'],
  ]),
  ...pagesOf('unvalidated@example.com', [['validate', '/validate']]),
  ...pagesOf('owner@example.com', [
    ['home', '/home'],
    ['my settings', '/user'],
    ['update password', '/user/updatePassword'],
    ['signed-in sessions', '/user/sessions'],
    ['sign-in security', '/user/security'],
    ['help centre', '/helpcentre'],
    ...guides.map((guide): [string, string] => [`guide ${guide}`, `/helpcentre/${guide}`]),
    ['account administration', '/administration/account'],
    ['account edit', '/administration/account/edit'],
    ['account invite', '/administration/account/invite'],
    ['services', '/administration/services'],
    ['services billing', '/administration/services?tab=billing'],
    ['tokens', '/administration/tokens'],
    ['address cleanse settings', '/administration/addresscleanse'],
    ['reporting summary', '/reporting/summary'],
    ['reporting services', '/reporting/services'],
    ['reporting tokens', '/reporting/tokens?tag=Portal'],
    ['address lookup', '/applications/addresslookup'],
    ['email validation', '/applications/emailvalidation'],
    ['payment validation', '/applications/paymentvalidation'],
    ['name validation', '/applications/namevalidation'],
    ['address cleanse', '/applications/addresscleanse'],
    // The bureau wizard on Acme UK: its upload page, and the demo file's pages (the demo seed's file 1, mapped).
    ['address cleanse upload', '/applications/addresscleanse/upload'],
    ['address cleanse update fields', '/applications/addresscleanse/file/1/updatefields'],
    ['address cleanse properties', '/applications/addresscleanse/file/1/properties'],
    ['address cleanse file', '/applications/addresscleanse/file/1'],
    ['shop', '/shop'],
    ['shop address lookup', '/shop/addresslookup'],
    ['shop payment validation', '/shop/paymentValidation'],
    ['shop email validation', '/shop/emailValidation'],
    ['shop name validation', '/shop/nameValidation'],
    ['basket', '/shop/basket'],
    ['invitation (link not valid)', '/acceptinvite?jwt=not-an-invitation'],
    ['welcome wizard', '/welcomewizard'],
    ['unknown page (signed in)', '/no-such-page'],
    ['refused page', '/partner/administration'],
  ]),
  ...pagesOf('sales@example.com', [
    ['organisation wizard', '/organisationwizard'],
    ['services (staff)', '/administration/services', 'Acme UK'],
    ['tokens (staff)', '/administration/tokens', 'Acme UK'],
    ['bundle create', '/administration/services/bundlecreate', 'Acme UK'],
    // Staff move a partner's lead through its statuses.
    ['lead (staff)', '/partner/leads/2', 'Northwind Retail UK'],
  ]),
  ...pagesOf('partner@example.com', [
    ['partner administration', '/partner/administration'],
    ['partner edit', '/partner/administration/editPartner'],
    ['partner invite', '/partner/administration/invite'],
    // Leads: the demo seed's leads 1 to 5 are Northwind Partners', one per status (5 is won).
    ['partner leads', '/partner/leads'],
    ['lead', '/partner/leads/1'],
    ['create lead', '/partner/leads/createlead'],
    ['lead from home (won)', '/home/leads/5'],
    ['create lead from home', '/home/createlead'],
    ['partner console', '/partner/console'],
    // The partner owns its organisations: the selected one's own pages (the owner's walk is long already).
    ['organisation administration', '/administration/organisation'],
    ['organisation invite', '/administration/organisation/invite'],
  ]),
  ...pagesOf('admin@example.com', [
    ['account search', '/search'],
    ['charges', '/charges'],
    ['search results', '/search/acme'],
    // Data administration over the demo catalogue: dataset 1 is Royal Mail PAF, plan 1 Address Lookup UK.
    ['data administration', '/dataAdministration'],
    ['dataset', '/dataAdministration/dataset/1'],
    ['dataset edit', '/dataAdministration/dataset/1/edit'],
    ['dataset create', '/dataAdministration/dataset/create'],
    ['plan', '/dataAdministration/plan/1'],
    ['plan edit', '/dataAdministration/plan/1/edit'],
    ['plan create', '/dataAdministration/plan/create'],
    ['plan filters', '/dataAdministration/plan/1/edit/filters'],
    ['plan comparisons', '/dataAdministration/plan/1/edit/comparisons'],
    ['organisation administration (staff)', '/administration/organisation'],
    // Address Cleanse administration: seeded cost 1 is the UK address cleanse price.
    ['address cleanse prices', '/administration/addresscleanse'],
    ['address cleanse price update', '/administration/addresscleanse/priceupdate/1'],
    ['address cleanse royalty charges', '/administration/addresscleanse?view=royalties'],
    ['address cleanse job charges', '/administration/addresscleanse?view=jobs'],
  ]),
  ...pagesOf('super@example.com', [
    ['create new account', '/administration/account/create'],
    ['lead form administration', '/leadadmin'],
  ]),
];

/** How long a page may take to stop loading before the walk goes on and says what was still loading. */
const settleMs = 30_000;

/**
 * Signs `user` in (a visitor stays signed out), then opens each of their pages in turn, loaded and
 * settled (no request for half a second). A page that has not settled by `settleMs` is checked as it
 * stands, and the requests still open are written to the test's annotations and the log: a request that never
 * ends is then named rather than holding the whole walk until its timeout.
 */
export async function* openPagesOf(page: Page, user: string | null): AsyncGenerator<PortalPage> {
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  if (user) {
    await logIn(page, user);
    await expect(page).toHaveURL(/\/portal\/(home|validate)/);
  }
  for (const entry of portalPages.filter((p) => p.user === user)) {
    if (entry.account) await selectAccountAsStaff(page, entry.account);
    await page.goto(entry.path);
    await expect(page.locator('#root')).not.toBeEmpty();
    await page.waitForLoadState('networkidle', { timeout: settleMs }).catch(() => {
      const loading = [...open].map((request) => `${request.method()} ${request.url()}`).join(', ') || 'no request seen';
      const description = `${entry.name} after ${settleMs / 1000} s: ${loading}`;
      test.info().annotations.push({ type: 'not settled', description });
      console.warn(`not settled: ${description}`);
    });
    yield entry;
  }
}

/** Staff select a customer's account as they would: the account search, then the account's name. */
export async function selectAccountAsStaff(page: Page, account: string) {
  await page.goto(`/portal/search/${encodeURIComponent(account)}`);
  await page.getByRole('button', { name: account, exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/administration\/account$/);
  await expect(page.getByTestId('account-label')).toContainText(account);
}
