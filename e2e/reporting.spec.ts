import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { summaryTour } from '../src/shared/helptips/tours/reportingSummary';
import { expect, logIn, test } from './support/fixtures';

// The usage reports and the home dashboard against the real server and its demo seed:
// the owner of Acme UK sees the seeded usage in charts and tables, every table's CSV holds the same
// numbers as the table, the three reports agree on the total, the monthly range snaps to whole
// months, and a range that ends before it starts is refused. The seed's numbers change with the
// seed, so only relations are asserted.

test.describe.configure({ mode: 'serial' });

const number = (text: string) => Number(text.replace(/[^\d-]/g, ''));

async function ownerOn(page: Page, path: string) {
  await page.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
  await logIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await expect(page.getByTestId('account-label')).toContainText('Acme UK');
  await page.goto(`/portal${path}`);
}

/** The cells of one column of a table's body rows, and of its totals row, as numbers. */
async function column(table: Locator, header: string) {
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.replace(/\s+/g, ' ').trim() === header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  const cells = await table.locator(`tbody tr > :nth-child(${index + 1})`).allInnerTexts();
  const total = await table.locator(`tfoot tr > :nth-child(${index + 1})`).innerText();
  return { values: cells.map(number), total: number(total) };
}

/** RFC 4180 enough for our files: quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean)) {
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted && c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = !quoted;
      else if (c === ',' && !quoted) {
        fields.push(field);
        field = '';
      } else field += c;
    }
    fields.push(field);
    rows.push(fields);
  }
  return rows;
}

/** Downloads the CSV of the table section titled `title`; the rows of the file. */
async function downloadCsv(page: Page, section: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  return parseCsv(await readFile((await download.path())!, 'utf8'));
}

/** The CSV's column `header`: its body values and its Total row's value. */
function csvColumn(rows: string[][], header: string) {
  const index = rows[0].indexOf(header);
  expect(index, `CSV column ${header}`).toBeGreaterThanOrEqual(0);
  const body = rows.slice(1).filter((r) => r[0] !== 'Total');
  const total = rows.find((r) => r[0] === 'Total');
  return { values: body.map((r) => Number(r[index])), total: Number(total?.[index]) };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
let summaryTotal = 0;

test('the summary shows the seeded usage in charts and tables, and each CSV holds the table’s numbers @uk-only', async ({ page }) => {
  await ownerOn(page, '/reporting/summary');
  await expect(page.getByRole('heading', { name: 'Usage summary: Acme UK' })).toBeVisible();
  // The default range is the last three months by month: from the first of a month.
  await expect(page.locator('#range-shown')).toContainText(/Showing 01\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}, monthly/);

  const subscriptions = page.locator('#summary-subscriptions');
  await expect(subscriptions.getByRole('img', { name: /^Bar chart of \d+ subscriptions/ })).toBeVisible();
  await expect(subscriptions.locator('canvas')).toHaveCount(1);
  const table = subscriptions.getByRole('table');
  const consumed = await column(table, 'Consumed in range');
  expect(consumed.total).toBeGreaterThan(0);
  expect(sum(consumed.values)).toBe(consumed.total);
  const remaining = await column(table, 'Remaining now');
  expect(remaining.total).toBeGreaterThan(0);
  const csv = await downloadCsv(page, subscriptions);
  expect(csvColumn(csv, 'Consumed in range')).toEqual(consumed);
  expect(csvColumn(csv, 'Remaining now')).toEqual(remaining);
  summaryTotal = consumed.total;

  const overTime = page.locator('#summary-over-time');
  const chart = overTime.getByRole('img', { name: /^Line chart of clicks per month/ });
  await expect(chart).toBeVisible();
  const periods = overTime.getByRole('table');
  const total = await column(periods, 'Total');
  expect(total.total).toBe(summaryTotal);
  expect(sum(total.values)).toBe(total.total);
  const periodCsv = await downloadCsv(page, overTime);
  expect(csvColumn(periodCsv, 'Total')).toEqual(total);
  // Every plan column of the file adds up to its total too.
  for (const header of periodCsv[0].slice(1, -1)) {
    const planColumn = csvColumn(periodCsv, header);
    expect(sum(planColumn.values), header).toBe(planColumn.total);
  }

  // The chart reads out by keyboard.
  await chart.focus();
  await page.keyboard.press('ArrowRight');
  await expect(overTime.locator('.chart__readout')).toContainText(/^\w+ \d{4}: .+ clicks/);
  await page.keyboard.press('End');
  await expect(overTime.locator('.chart__readout')).toContainText(/clicks/);
});

test('the services and tokens reports break down the same total by plan, country and token @uk-only', async ({ page }) => {
  await ownerOn(page, '/reporting/services');
  await expect(page.getByRole('heading', { name: 'Usage by service: Acme UK' })).toBeVisible();
  const perPlan = page.locator('#services-over-time');
  await expect(perPlan.getByRole('img', { name: /^Line chart/ })).toBeVisible();
  expect((await column(perPlan.getByRole('table'), 'Total')).total).toBe(summaryTotal);
  const countries = page.locator('#services-countries');
  await expect(countries.getByRole('img', { name: /^Bar chart of clicks per country/ })).toBeVisible();
  const perCountry = await column(countries.getByRole('table'), 'Clicks');
  expect(perCountry.total).toBe(summaryTotal);
  expect(csvColumn(await downloadCsv(page, countries), 'Clicks')).toEqual(perCountry);

  // One plan: its own line.
  await perPlan.getByRole('combobox', { name: 'Plan' }).selectOption({ label: 'Address Lookup UK · Address lookup' });
  await expect(page).toHaveURL(/planId=\d+/);
  await expect(perPlan.getByRole('img', { name: /^Line chart .* for .+\(/ })).toBeVisible();

  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Tokens' }).click();
  await expect(page.getByRole('heading', { name: 'Usage by token: Acme UK' })).toBeVisible();
  const tokens = page.locator('#tokens-totals');
  const perToken = await column(tokens.getByRole('table', { name: 'Clicks per token' }), 'Clicks');
  expect(perToken.total).toBe(summaryTotal);
  expect(sum(perToken.values)).toBe(perToken.total);
  const totalsSection = tokens.locator('section.usage-table', { has: page.locator('#tokens-totals-table-title') });
  expect(csvColumn(await downloadCsv(page, totalsSection), 'Clicks')).toEqual(perToken);

  // One token's detail through GET /account/tokens/usage.
  const first = perToken.values.findIndex((v) => v > 0);
  await tokens.getByRole('link', { name: /^Show detail of / }).nth(first).click();
  await expect(page).toHaveURL(/tag=/);
  const detail = page.locator('#tokens-detail');
  await expect(detail.getByRole('img', { name: /^Line chart/ })).toBeVisible();
  const detailTotal = number(await detail.getByRole('table').locator('tfoot tr > :last-child').innerText());
  expect(detailTotal).toBe(perToken.values[first]);
});

test('a monthly range snaps to whole months, and one that ends before it starts is refused @uk-only', async ({ page }) => {
  await ownerOn(page, '/reporting/summary?from=2026-02-15&to=2026-03-10&period=monthly');
  await expect(page.locator('#range-shown')).toContainText('Showing 01/02/2026 to 31/03/2026, monthly');
  await page.goto('/portal/reporting/summary?from=2024-02-15&to=2024-02-20&period=monthly');
  // A leap February.
  await expect(page.locator('#range-shown')).toContainText('Showing 01/02/2024 to 29/02/2024');
  await expect(page.getByText('No usage in this range.')).toBeVisible();

  const range = page.locator('#report-range');
  await range.getByLabel('From').fill('2026-03-10');
  await range.getByLabel('To').fill('2026-03-01');
  await range.getByRole('button', { name: 'Apply' }).click();
  await expect(range.getByRole('alert')).toHaveText('The range ends before it starts: choose a to date on or after the from date');
  await expect(page).toHaveURL(/from=2024-02-15/);

  await range.getByRole('link', { name: 'Last month' }).click();
  await expect(page.locator('#range-shown')).toContainText(/Showing 01\/\d{2}\/\d{4}/);
});

test('the home dashboard shows the clicks remaining of each subscription @uk-only', async ({ page }) => {
  await ownerOn(page, '/home');
  const dashboard = page.locator('#home-dashboard');
  await expect(dashboard.getByRole('heading', { name: 'Acme UK at a glance' })).toBeVisible();
  // Clicks remaining per service: the sum of that service's subscriptions whose clicks can be spent.
  const figures = await dashboard.getByTestId('dashboard-remaining').locator('li').allInnerTexts();
  expect(figures.length).toBeGreaterThan(0);
  const table = dashboard.getByRole('table');
  const headers = await table.locator('thead th').allInnerTexts();
  const column = (name: string) => headers.indexOf(name) + 1;
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText)));
  for (const figure of figures) {
    const service = figure.replace(/^[\d,]+\s*/, '');
    const spendable = rows.filter((r) => r[column('Service') - 1] === service && !/^(Disabled|Expired|No bundles)/.test(r[column('Status') - 1]));
    expect(sum(spendable.map((r) => number(r[column('Clicks remaining') - 1]))), figure).toBe(number(figure));
  }
  await expect(dashboard.getByText(/Used in \w+ \d{4} so far/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy more clicks', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an API token' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Read the guides' })).toBeVisible();
});

test.describe('the summary report tour', () => {
  test.use({ helpTips: 'on' });

  test('starts on a first visit and walks its tips, each at its target @uk-only', async ({ page }) => {
    await logIn(page, 'owner@example.com');
    await expect(page).toHaveURL(/\/portal\/home/);
    await page.goto('/portal/reporting/summary');
    const tips = [...summaryTour.tips].sort((a, b) => a.order - b.order);
    for (const [i, tip] of tips.entries()) {
      const dialog = page.getByRole('dialog', { name: tip.title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`Tip ${i + 1} of ${tips.length}`);
      if (tip.targetId) await expect(page.locator(`#${tip.targetId}`)).toBeVisible();
      await dialog.getByRole('button', { name: i === tips.length - 1 ? 'Got it' : 'Next' }).click();
    }
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
