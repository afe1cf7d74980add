import { demoPassword, expect, logIn, test } from './support/fixtures';

// The offline statechart visualiser (README, "Statechart visualiser"). The e2e server runs with
// VISUALISER=everyone. The page's state comes from the inspection hub of every tab of the context.

// The visualiser does not depend on the territory: every test here is tagged @uk-only.

// elkjs lays a chart out in a Web Worker: seconds of CPU, and more on a 2-core machine running the
// rest of the suite beside it. A chart gets a minute to appear; what it shows is then checked at once.
const drawn = { timeout: 60_000 };

test('highlights the live session state of another tab as the user logs in there @uk-only', async ({ page, context }) => {
  const offline: string[] = [];
  page.on('request', (r) => {
    if (!new URL(r.url()).hostname.endsWith('localhost') && !r.url().startsWith('data:')) offline.push(r.url());
  });
  await page.goto('/portal/visualiser');
  const machines = page.getByRole('navigation', { name: 'Machines' });
  await machines.getByRole('link', { name: /^session/ }).click();
  await expect(page).toHaveURL(/\/portal\/visualiser\?machine=session$/);
  await expect(machines.getByRole('link', { name: /^session/ })).toHaveAttribute('aria-current', 'page');

  const state = (id: string) => page.locator(`[data-state-id="session.${id}"]`);
  await expect(state('signedOut')).toHaveAttribute('data-active', 'true', drawn);
  await expect(state('authenticated')).not.toHaveAttribute('data-active');
  await expect(page.getByTestId('live-state')).toHaveText('signedOut');

  // The portal in a second tab of the same browser: log in there.
  const portal = await context.newPage();
  await logIn(portal, 'member@example.com');
  await expect(portal).toHaveURL(/\/portal\/home$/);

  await expect(state('authenticated')).toHaveAttribute('data-active', 'true');
  await expect(state('signedOut')).not.toHaveAttribute('data-active');
  // The record names the other tab and the page it was on at its last event (login, or home after).
  await expect(page.getByRole('status').filter({ hasText: 'Live state' })).toContainText(/Live state authenticated in Tab \w+ \(\/portal\/(login|home)\)/);
  const events = page.getByRole('table');
  const login = events.getByRole('row').filter({ hasText: 'user.login' });
  await expect(login).toHaveCount(1);
  await expect(login).toContainText('member@example.com');
  // From the other tab, and never with the password.
  await expect(login).not.toContainText('(this tab)');
  await expect(events.getByRole('row').filter({ hasText: 'xstate.done.actor.login' })).toHaveCount(1);
  await expect(page.getByText(demoPassword)).toHaveCount(0);

  // The portal tab closes: its actor is no longer live; this tab's own session (signed out) is.
  await portal.close();
  await expect(state('signedOut')).toHaveAttribute('data-active', 'true');
  expect(offline, 'no request leaves the portal').toEqual([]);
});

test('shows a page machine (emailCheck) of another tab live @uk-only', async ({ page, context }) => {
  await page.goto('/portal/visualiser?machine=emailCheck');
  const machines = page.getByRole('navigation', { name: 'Machines' });
  await expect(machines.getByRole('link', { name: /^emailCheck/ })).toHaveAttribute('aria-current', 'page');

  const portal = await context.newPage();
  await logIn(portal, 'owner@example.com');
  await expect(portal).toHaveURL(/\/portal\/home$/);
  await portal.goto('/portal/applications/emailvalidation');
  await portal.getByLabel('Email address').fill('jane@example.com');
  await portal.getByRole('button', { name: 'Check' }).click();

  await expect(page.getByTestId('live-state')).toHaveText('ready', drawn);
  await expect(page.getByRole('status').filter({ hasText: 'Live state' })).toContainText(/Live state ready in Tab \w+ \(\/portal\/applications\/emailvalidation\)/);
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'user.check' })).toHaveCount(1);
  await portal.close();
});

test('Fit shows the whole of the largest chart (bureauFile) inside the canvas @uk-only', async ({ page }) => {
  await page.goto('/portal/visualiser?machine=bureauFile');
  const chart = page.getByRole('img', { name: 'Statechart of bureauFile' });
  await expect(chart).toBeVisible(drawn);
  await expect(page.getByRole('button', { name: 'Fit' })).toHaveAttribute('aria-pressed', 'true');
  const canvas = page.locator('.visualiser__canvas');
  const fits = await canvas.evaluate((el) => ({ across: el.scrollWidth <= el.clientWidth + 1, down: el.scrollHeight <= el.clientHeight + 1 }));
  expect(fits).toEqual({ across: true, down: true });
  const [box, frame] = [await chart.boundingBox(), await canvas.boundingBox()];
  expect(box!.x >= frame!.x - 1 && box!.x + box!.width <= frame!.x + frame!.width + 1).toBe(true);
});

test('lists the machines for the keyboard and draws each one @uk-only', async ({ page }) => {
  test.slow();
  await page.goto('/portal/visualiser');
  const machines = page.getByRole('navigation', { name: 'Machines' }).getByRole('link');
  await expect(machines.first()).toBeVisible();
  const count = await machines.count();
  expect(count).toBeGreaterThanOrEqual(5);
  await machines.first().focus();
  for (let i = 1; i < count; i++) {
    await page.keyboard.press('Tab');
    await expect(machines.nth(i)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(machines.nth(i)).toHaveAttribute('aria-current', 'page');
    const id = (await machines.nth(i).innerText()).replace(/live$/, '').trim();
    await expect(page.getByRole('img', { name: `Statechart of ${id}` })).toBeVisible(drawn);
    await machines.nth(i).focus();
  }
});

test('draws the session statechart readably, without overlaps @uk-only', async ({ page }, info) => {
  test.slow();
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/portal/visualiser?machine=session');
  const chart = page.getByRole('img', { name: 'Statechart of session' });
  await expect(chart).toBeVisible(drawn);
  await expect(page.locator('[data-state-id="session.signedOut"]')).toHaveAttribute('data-active', 'true');
  // At its own size (Fit shrinks a chart taller than the window, the session's two-factor states
  // included, to show it whole); the canvas scrolls.
  await page.getByRole('group', { name: 'Zoom' }).getByRole('button', { name: '100%' }).click();

  // Every state, label and initial marker as drawn (screen boxes).
  const boxes = await chart.evaluate((svg) => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    };
    return {
      states: [...svg.querySelectorAll('[data-state-id]')].map((g) => ({
        id: g.getAttribute('data-state-id')!,
        leaf: !svg.querySelector(`[data-state-id^="${g.getAttribute('data-state-id')}."]`),
        ...box(g.querySelector('rect')!),
      })),
      labels: [...svg.querySelectorAll('.chart-edge__label rect')].map((r, i) => ({ id: `label ${i}`, ...box(r) })),
      // the size as seen: the drawing is scaled to the page's width
      texts: [...svg.querySelectorAll('text')].map((t) => ({
        text: t.textContent ?? '',
        size: (parseFloat(getComputedStyle(t).fontSize) * svg.getBoundingClientRect().width) / (svg as SVGSVGElement).viewBox.baseVal.width,
      })),
    };
  });
  type Box = { id: string; x: number; y: number; w: number; h: number };
  const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  const leaves: Box[] = boxes.states.filter((s) => s.leaf);
  const pairs = (list: Box[]) => list.flatMap((a, i) => list.slice(i + 1).filter((b) => overlap(a, b)).map((b) => `${a.id} / ${b.id}`));
  expect(pairs(leaves), 'states overlap').toEqual([]);
  expect(pairs(boxes.labels), 'labels overlap').toEqual([]);
  expect(pairs([...leaves, ...boxes.labels]), 'labels cover states').toEqual([]);
  expect(boxes.texts.filter((t) => t.size < 11), 'text too small to read').toEqual([]);
  expect(boxes.texts.length).toBeGreaterThan(30);
  for (const label of ['after reauthDelay', 'done: reauthenticate [noToken]', 'always [hasSavedToken]', 'user.login', 'invoke login', 'user.secondFactor']) {
    expect(boxes.texts.map((t) => t.text)).toContain(label);
  }
  const shot = info.outputPath('visualiser-session.png');
  await page.screenshot({ path: shot, fullPage: true });
  await info.attach('visualiser-session', { path: shot, contentType: 'image/png' });
});
