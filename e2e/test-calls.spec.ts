import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures';
import { seriousAxeFindings } from './support/axe';

// Test calls as the customer meets them, against the demo seed (whose Acme UK address lookup plan
// allows them and whose website token made some): the services page says how to make one and how
// many were made, Export settings for API gives the header, and the services report counts them
// apart from the clicks. At a laptop's width and a phone's, with no sideways scroll.

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

for (const width of [1366, 390]) {
  test(`the owner sees how to make a free test call and how many were made, at ${width} px @uk-only`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
    await logIn(page, 'owner@example.com');
    await expect(page).toHaveURL(/\/portal\/home/);

    await page.goto('/portal/administration/services');
    const card = page.getByRole('article', { name: 'Address Lookup UK', exact: true });
    const tests = card.locator('.subscription__tests');
    await expect(tests).toContainText('Test calls are free on this plan');
    await expect(tests).toContainText('X-Test-Call: true');
    await expect(tests).toContainText(/[1-9][\d,]* test calls in the last 30 days/);
    // A plan that does not allow them says nothing of them.
    await expect(page.getByRole('article', { name: 'Bank Validation UK', exact: true }).locator('.subscription__tests')).toHaveCount(0);
    await noSidewaysScroll(page);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.goto('/portal/administration/tokens?export=settings');
    const dialog = page.getByRole('dialog', { name: 'Export settings for API' });
    await expect(dialog.getByText('X-Test-Call: true')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy the test call header' })).toBeVisible();
    await noSidewaysScroll(page);
    // The dialog fades in (750 ms): its contrast is measured once it is drawn in full.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.goto('/portal/reporting/services');
    await expect(page.locator('#services-over-time')).toContainText(/[1-9][\d,]* test calls \(free, not among the clicks\)/);
    await noSidewaysScroll(page);
  });
}
