import { expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { openPagesOf, portalPages } from './support/pages';

// Every page with the server's Content Security Policy on: no violation and no console error. The
// policy allows no inline script but the runtime config's (by nonce), so a page that needs more fails
// here before a user sees a blank screen.

/** Collects CSP violations and console errors of the page from now on. */
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

const users = [...new Set(portalPages.map((p) => p.user))];

for (const user of users) {
  test(`every page of ${user ?? 'a visitor'} loads under the CSP with a clean console @uk-only`, async ({ page }) => {
    // The owner walks some forty pages (the shop's and billing's among them): more than 90 s on a loaded 2-core machine.
    test.slow();
    const problems = watch(page);
    const response = await page.goto('/portal/login');
    // Scripts from the portal and the runtime config's nonce; WebAssembly may compile (the upload's
    // hash), but no script is evaluated from text and no inline script runs without the nonce.
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(response?.headers()['content-security-policy'] ?? '')?.[1].split(' ') ?? [];
    expect(scriptSrc).toEqual(expect.arrayContaining(["'self'", expect.stringMatching(/^'nonce-/)]));
    expect(scriptSrc.filter((source) => source === "'unsafe-eval'" || source === "'unsafe-inline'")).toEqual([]);
    for await (const { name } of openPagesOf(page, user)) expect(problems, name).toEqual([]);
  });
}
