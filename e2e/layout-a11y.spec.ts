import { createRequire } from 'node:module';
import { expect, type Browser, type Page } from '@playwright/test';
import { logIn, test } from './support/fixtures';
import { openPagesOf, portalPages } from './support/pages';

// Every page of the portal at a phone's width (390 x 844, touch) and a laptop's (1366 x 900): nothing
// wider than the screen, every top-level menu reachable (through the menu button on a phone), and axe
// with no serious or critical violation. Territory does not change the layout: runs once.

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'laptop', viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
] as const;

type Size = (typeof sizes)[number];

async function axeProblems(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  });
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
  // bypassCSP: axe arrives as an inline script, which the portal's policy (checked in csp.spec.ts) forbids.
  const context = await browser.newContext({ baseURL, bypassCSP: true, viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });
  await context.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  const page = await context.newPage();
  const problems: string[] = [];
  for await (const { name } of openPagesOf(page, user)) {
    // The visualiser lays its chart out with elkjs: seconds of CPU on a loaded 2-core machine.
    await expect(page.locator('.spinner')).toHaveCount(0, { timeout: 30_000 });
    const where = `${name} at ${size.name}`;
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`${where}: ${overflow}px sideways scroll`);
    const menus = await reachableMenus(page, size);
    if (menus) expect(menus, where).toContain('Home');
    for (const violation of await axeProblems(page)) problems.push(`${where}: ${violation}`);
  }
  await context.close();
  return problems;
}

const users = [...new Set(portalPages.map((p) => p.user))];

// One test per user and size: the owner's some thirty pages, each checked with axe, take minutes at
// one size, and the two sizes can then run side by side.
for (const user of users) {
  for (const size of sizes) {
    test(`every page of ${user ?? 'a visitor'} fits a ${size.name}, menus reachable, no serious axe finding @uk-only`, async ({ browser, baseURL }) => {
      test.setTimeout(600_000);
      expect(await walk(browser, baseURL!, user, size)).toEqual([]);
    });
  }
}

// Rules axe counts as moderate that the issue named: a page's h1 on login and register, the
// heading order of help search.
test('login and register have an h1; help search keeps the heading order @uk-only', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, bypassCSP: true });
  await context.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  const page = await context.newPage();
  const rules = async (ids: string[]) => {
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
    return page.evaluate(async (runOnly) => {
      const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string }[] }> } }).axe;
      return (await axe.run(document, { runOnly })).violations.map((v) => v.id);
    }, ids);
  };
  for (const path of ['/portal/login', '/portal/register']) {
    await page.goto(path);
    await expect(page.getByRole('tablist')).toBeVisible();
    expect(await rules(['page-has-heading-one']), path).toEqual([]);
  }
  await logIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.goto('/portal/helpcentre?q=api');
  await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
  expect(await rules(['heading-order'])).toEqual([]);
  await context.close();
});
