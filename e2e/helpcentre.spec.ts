import { guides } from '../src/areas/helpcentre/guides';
import { expect, logIn, test } from './support/fixtures';

// The help centre in Chromium (spec section 2): the list, each guide at its route, search, not found.

const notFound = 'Oops! The page you were looking for does not exist.';

test('the banner links to the Help Centre, which lists every guide; each opens at its route with its title @uk-only', async ({ page }, info) => {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  await logIn(page, 'member@example.com');
  await expect(page).toHaveURL(/\/portal\/home$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help Centre' }).click();
  await expect(page).toHaveURL(/\/portal\/helpcentre$/);
  await expect(page.getByRole('heading', { name: 'Help Centre', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Home.*Help Centre/);
  for (const guide of guides) await expect(page.getByRole('link', { name: guide.title, exact: true })).toBeVisible();
  await page.screenshot({ path: info.outputPath('helpcentre.png'), fullPage: true });

  for (const guide of guides) {
    await page.goto(`/portal/helpcentre/${guide.name}`);
    await expect(page.getByRole('heading', { name: guide.title, level: 1 })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Help Centre' })).toHaveAttribute('href', '/portal/helpcentre');
    await expect(crumbs.getByRole('listitem').last()).toHaveText(guide.title);
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(3);
    if (guide.name === 'addressCleanseHelpGuide' || guide.name === 'addressLookupHelpGuide') {
      await page.screenshot({ path: info.outputPath(`guide-${guide.name}.png`), fullPage: true });
    }
  }
  expect(errors).toEqual([]);
});

test('guides load with their route, not with the list @uk-only', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (r) => {
    if (r.url().endsWith('.js')) scripts.push(await r.text().catch(() => ''));
  });
  const loaded = (needle: string) => scripts.some((body) => body.includes(needle));
  await logIn(page, 'member@example.com');
  await expect(page).toHaveURL(/\/portal\/home$/);
  await page.goto('/portal/helpcentre');
  await expect(page.getByRole('link', { name: 'Payment Validation: sort codes and BSBs' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded('Every bank publishes rules')).toBe(false);
  await page.getByRole('link', { name: 'Payment Validation: sort codes and BSBs' }).click();
  await expect(page).toHaveURL(/\/portal\/helpcentre\/paymentHelp$/);
  await expect(page.getByText(/Every bank publishes rules/)).toBeVisible();
  expect(loaded('Every bank publishes rules')).toBe(true);
  expect(loaded('Any extra part of the web address'), 'other guides stay unloaded').toBe(false);
});

test('the search box filters the guides by title and text, and says when nothing matches @uk-only', async ({ page }, info) => {
  await logIn(page, 'member@example.com');
  await expect(page).toHaveURL(/\/portal\/home$/);
  await page.goto('/portal/helpcentre');
  const search = page.getByRole('searchbox', { name: 'Search the guides' });
  await search.fill('BSB');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('link', { name: 'Payment Validation: sort codes and BSBs' })).toBeVisible();
  await expect(results.getByRole('link', { name: 'Automatic renewals' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/portal\/helpcentre\?q=BSB$/);

  // A word found only in a guide's body text.
  await search.fill('modulus');
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.locator('mark').first()).toHaveText(/modulus/i);
  await page.screenshot({ path: info.outputPath('helpcentre-search.png') });

  await search.fill('xylophone');
  await expect(page.getByRole('heading', { name: 'No guides match “xylophone”' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('status')).toHaveText(`${guides.length} guides`);
});

test('an unknown guide shows the not-found screen @uk-only', async ({ page }) => {
  await logIn(page, 'member@example.com');
  await expect(page).toHaveURL(/\/portal\/home$/);
  await page.goto('/portal/helpcentre/noSuchGuide');
  await expect(page.getByText(notFound)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/portal\/home$/);
});
