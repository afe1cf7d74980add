import type { Page } from '@playwright/test';
import { missingTargetMessage } from '../contract/shared/helpTips';
import { homeTour } from '../src/shared/helptips/tours/home';
import { expect, logIn, test } from './support/fixtures';

// Help-tip tours in Chromium (spec sections 3, 4, 5 and 9). Each test has a fresh browser context, so
// the demo user's tips start as a first-time visitor's.
test.use({ helpTips: 'on' });

const tips = [...homeTour.tips].sort((a, b) => a.order - b.order);
const tipKeys = tips.map((t) => `portal.helptips.tip.home.${t.helpTipName}`).sort();

const helpTipKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('portal.helptips.')).sort());

/** After the page and its lazy parts have loaded, no tip shows. */
async function expectNoTour(page: Page) {
  await expect(page.getByRole('heading', { name: 'Welcome', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('a first visit shows the home tour, each tip on its side of its target; Got it ends it, and a reload does not show it again @uk-only', async ({ page }, info) => {
  await logIn(page, 'member@example.com');
  await expect(page).toHaveURL(/\/portal\/home$/);
  const viewport = page.viewportSize()!;

  for (const [i, tip] of tips.entries()) {
    const dialog = page.getByRole('dialog', { name: tip.title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('data-positioned', 'true');
    await expect(dialog, 'focus moves to the tip').toBeFocused();
    await expect(dialog).toContainText(`Tip ${i + 1} of ${tips.length}`);
    await page.waitForTimeout(250); // the lit area glides to its target
    const box = (await dialog.boundingBox())!;
    if (tip.side === 'middle') {
      expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
      expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThan(2);
    } else {
      const target = (await page.locator(`#${tip.targetId}`).boundingBox())!;
      const side = {
        top: () => expect(box.y + box.height).toBeLessThanOrEqual(target.y + 1),
        bottom: () => expect(box.y).toBeGreaterThanOrEqual(target.y + target.height - 1),
        left: () => expect(box.x + box.width).toBeLessThanOrEqual(target.x + 1),
        right: () => expect(box.x).toBeGreaterThanOrEqual(target.x + target.width - 1),
      };
      side[tip.side]();
    }
    if (tip.helpTable) await expect(dialog.getByRole('rowheader', { name: tip.helpTable[0].key })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`tip-${tip.side}.png`) });

    if (i === 0) {
      // Keyboard: Tab goes through the tip's buttons (Hide Tips, then Next), Enter presses.
      await expect(dialog.getByRole('button', { name: 'Back' })).toHaveCount(0);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Next' })).toBeFocused();
      await page.keyboard.press('Enter');
    } else if (i === 1) {
      await dialog.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByRole('dialog', { name: tips[0].title })).toBeVisible();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Next' }).click();
    } else if (i < tips.length - 1) {
      await expect(dialog.getByRole('button', { name: 'Got it' })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Next' }).click();
    } else {
      await expect(dialog.getByRole('button', { name: 'Next' })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Got it' }).click();
    }
  }

  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await helpTipKeys(page), 'one key per tip of the tour').toEqual(tipKeys);
  await page.reload();
  await expectNoTour(page);

  // Log out and in again: tip choices belong to the browser, not the session.
  await page.getByRole('button', { name: 'member@example.com' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/portal\/login/);
  expect(await helpTipKeys(page)).toEqual(tipKeys);
  await logIn(page, 'member@example.com');
  await expectNoTour(page);
});

test('a click outside the tip ends the tour for good @uk-only', async ({ page }) => {
  await logIn(page, 'member@example.com');
  await expect(page.getByRole('dialog', { name: tips[0].title })).toBeVisible();
  await page.mouse.click(20, 400);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await helpTipKeys(page)).toEqual(tipKeys);
  await page.reload();
  await expectNoTour(page);
});

test('Hide Tips stops every tour; "Show help tips again" in My settings brings them back; Escape ends a tour @uk-only', async ({ page }) => {
  await logIn(page, 'member@example.com');
  const first = page.getByRole('dialog', { name: tips[0].title });
  await first.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: tips[1].title }).getByRole('button', { name: 'Hide Tips' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await helpTipKeys(page), 'the global flag only').toEqual(['portal.helptips.disabled']);
  await page.reload();
  await expectNoTour(page);

  await page.getByRole('link', { name: 'My settings' }).first().click();
  const settings = page.getByRole('region', { name: 'Help tips' });
  await expect(settings.getByRole('status')).toHaveText('Help tips are hidden on every page.');
  await settings.getByRole('button', { name: 'Show help tips again' }).click();
  await expect(settings.getByRole('status')).toHaveText(/^Help tips are on/);
  expect(await helpTipKeys(page)).toEqual([]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(first).toBeVisible();
  await expect(first).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await helpTipKeys(page)).toEqual(tipKeys);
  await page.reload();
  await expectNoTour(page);
});

/**
 * The XSS check runs the real bundle: the test rewrites, in flight, the JavaScript chunk that carries
 * the home tour so that its first tip's text is an attack, and the real sanitiser and dialog render
 * it. Nothing in the product accepts tip text from outside; this is the test's own interception.
 */
test('an XSS payload in help text does not run in Chromium, and only b, a, br and p reach the page @uk-only', async ({ page }) => {
  const payload =
    '<p>Read <b>this</b><br><a href=https://example.com/help onclick=window.__xss=6>external</a> ' +
    '<a href=javascript:window.__xss=4>js link</a></p><script>window.__xss=1</script>' +
    '<img src=x onerror=window.__xss=2><iframe src=javascript:window.top.__xss=3></iframe>' +
    '<style>body{display:none}</style><svg onload=window.__xss=5><circle r=1></circle></svg><i>kept text</i>';
  expect(payload).not.toMatch(/["'`\\]/); // drops into the chunk's string literal whatever its quotes
  let rewritten = 0;
  await page.route('**/portal/assets/*.js', async (route) => {
    // Node does not resolve *.localhost as Chromium does: fetch the chunk from the same server by IP.
    const response = await route.fetch({ url: route.request().url().replace(/\/\/[^/:]+:/, '//127.0.0.1:') });
    const body = await response.text();
    if (!body.includes(tips[0].helpText)) return route.fulfill({ response });
    rewritten++;
    await route.fulfill({ response, body: body.replace(tips[0].helpText, payload) });
  });
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });

  await logIn(page, 'member@example.com');
  const dialog = page.getByRole('dialog', { name: tips[0].title });
  await expect(dialog).toBeVisible();
  expect(rewritten, 'the tour chunk carried the payload').toBe(1);
  await expect(dialog.getByText('kept text')).toBeVisible();
  await page.waitForTimeout(500); // time for any onerror, onload or iframe to fire

  const seen = await page.evaluate(() => {
    const text = document.querySelector('.helptip__body > div')!;
    return {
      tags: [...text.querySelectorAll('*')].map((e) => e.tagName.toLowerCase()),
      attributes: [...text.querySelectorAll('*')].flatMap((e) => e.getAttributeNames()),
      links: [...text.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]),
      xss: (window as unknown as { __xss?: number }).__xss,
      frames: document.querySelectorAll('iframe').length,
      bodyShown: getComputedStyle(document.body).display !== 'none',
    };
  });
  expect(new Set(seen.tags)).toEqual(new Set(['p', 'b', 'br', 'a']));
  expect(new Set(seen.attributes)).toEqual(new Set(['href', 'target', 'rel']));
  expect(seen.links).toEqual([
    ['https://example.com/help', '_blank', 'noopener noreferrer'],
    [null, null, null],
  ]);
  expect(seen.xss, 'no payload ran').toBeUndefined();
  expect(seen.frames).toBe(0);
  expect(seen.bodyShown, 'the style element was dropped').toBe(true);
  expect(alerts).toEqual([]);
});

test('the login page does not load the help-tip code; the home page loads it after it renders @uk-only', async ({ page }) => {
  const scripts = new Map<string, string>();
  page.on('response', async (r) => {
    if (r.url().endsWith('.js')) scripts.set(r.url(), await r.text().catch(() => ''));
  });
  const loaded = (needle: string) => [...scripts.values()].some((body) => body.includes(needle));
  await page.goto('/portal/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded(missingTargetMessage), 'the help-tip machine').toBe(false);
  expect(loaded('afterSanitizeAttributes'), 'the sanitiser').toBe(false);
  expect(loaded(tips[0].title), 'the home tour').toBe(false);

  await logIn(page, 'member@example.com');
  await expect(page.getByRole('dialog', { name: tips[0].title })).toBeVisible();
  expect(loaded(missingTargetMessage)).toBe(true);
  expect(loaded('afterSanitizeAttributes')).toBe(true);
});
