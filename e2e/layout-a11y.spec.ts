import { expect, type Browser, type Page } from '@playwright/test';
import { brokenAxeRules, seriousAxeFindings } from './support/axe';
import { logIn, test } from './support/fixtures';
import { openPagesOf, portalPages } from './support/pages';

// Every page of the portal (e2e/support/pages.ts), as the user who may open it, at a phone's width
// (390 x 844, touch) and a laptop's (1366 x 900), under the server's Content Security Policy:
// - no CSP violation, page error or console error (the policy allows no inline script but the runtime
//   config's, by nonce, and no eval: a page that needs more fails here before a user sees a blank screen);
// - nothing wider than the screen, and every top-level menu reachable (through the menu button on a phone);
// - axe with no serious or critical violation.
// Territory does not change the layout: runs once. One test per user and size, spread over the workers.

test.describe.configure({ mode: 'parallel' });

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'laptop', viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
] as const;

type Size = (typeof sizes)[number];

/** Collects CSP violations, page errors and console errors of the page from now on. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  void page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  return problems;
}

/** The names of the top-level menus of the main navigation, opening the phone's menu button first. */
async function reachableMenus(page: Page, size: Size) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (!(await nav.count())) return null;
  if (size.name === 'phone') {
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(toggle).toBeVisible();
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  const entries = nav.locator(':scope > ul > li > a, :scope > ul > li > .menu > button');
  const names: string[] = [];
  for (const entry of await entries.all()) {
    await expect(entry).toBeVisible();
    await expect(entry).toBeInViewport();
    names.push((await entry.innerText()).replace('▾', '').trim());
  }
  if (size.name === 'phone') {
    await page.keyboard.press('Escape');
  }
  return names;
}

async function walk(browser: Browser, baseURL: string, user: string | null, size: Size) {
  const context = await browser.newContext({ baseURL, viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });
  await context.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  const page = await context.newPage();
  const logged = watch(page);
  const response = await page.goto('/portal/login');
  // Scripts from the portal and the runtime config's nonce; WebAssembly may compile (the upload's
  // hash), but no script is evaluated from text and no inline script runs without the nonce.
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(response?.headers()['content-security-policy'] ?? '')?.[1].split(' ') ?? [];
  expect(scriptSrc).toEqual(expect.arrayContaining(["'self'", expect.stringMatching(/^'nonce-/)]));
  expect(scriptSrc.filter((source) => source === "'unsafe-eval'" || source === "'unsafe-inline'")).toEqual([]);

  const problems: string[] = [];
  for await (const { name } of openPagesOf(page, user)) {
    // The visualiser lays its chart out with elkjs: seconds of CPU on a loaded 2-core machine.
    await expect(page.locator('.spinner')).toHaveCount(0, { timeout: 60_000 });
    const where = `${name} at ${size.name}`;
    problems.push(...logged.splice(0).map((problem) => `${where}: ${problem}`));
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`${where}: ${overflow}px sideways scroll`);
    const menus = await reachableMenus(page, size);
    if (menus) expect(menus, where).toContain('Home');
    for (const violation of await seriousAxeFindings(page)) problems.push(`${where}: ${violation}`);
  }
  await context.close();
  return problems;
}

// The user with the most pages first, so the longest walks start at once on both workers.
const users = [...new Set(portalPages.map((p) => p.user))].sort(
  (a, b) => portalPages.filter((p) => p.user === b).length - portalPages.filter((p) => p.user === a).length,
);

for (const user of users) {
  for (const size of sizes) {
    test(`every page of ${user ?? 'a visitor'} at a ${size.name}: clean CSP and console, fits, menus reachable, no serious axe finding @uk-only`, async ({ browser, baseURL }) => {
      test.setTimeout(900_000);
      expect(await walk(browser, baseURL!, user, size)).toEqual([]);
    });
  }
}

// Rules axe counts as moderate that the issue named: a page's h1 on login and register, the
// heading order of help search.
test('login and register have an h1; help search keeps the heading order @uk-only', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  const page = await context.newPage();
  for (const path of ['/portal/login', '/portal/register']) {
    await page.goto(path);
    await expect(page.getByRole('tablist')).toBeVisible();
    expect(await brokenAxeRules(page, ['page-has-heading-one']), path).toEqual([]);
  }
  await logIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.goto('/portal/helpcentre?q=api');
  await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
  expect(await brokenAxeRules(page, ['heading-order'])).toEqual([]);
  await context.close();
});

// The walk's axe is evaluated with the policy on: it must still find what it is there to find.
test('axe runs under the policy and finds a faint line added to the login page @uk-only', async ({ page }) => {
  await page.goto('/portal/login');
  await expect(page.getByRole('tablist')).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.evaluate(() => {
    const faint = document.createElement('p');
    faint.textContent = 'Hardly readable';
    // Through the CSSOM, which the policy allows (a style attribute would be refused).
    faint.style.color = '#eeeeee';
    faint.style.backgroundColor = '#ffffff';
    document.querySelector('main')!.append(faint);
  });
  expect((await seriousAxeFindings(page)).join('\n')).toMatch(/^color-contrast \(serious\)/m);
});
