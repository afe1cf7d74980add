// @vitest-environment jsdom
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blockedMessages } from '../../contract/shared/messages';
import { accountInfoCsv } from '../../src/areas/administration/PartnerAccounts';
import { clickSeries, spendSeries, spendTotalText } from '../../src/areas/partner/console/consoleText';
import { accountInfo, consoleReport, lead, northwind, referralCo } from './leadsFixtures';
import { authUser, either, ok, renderPortal, type Call, type Handler, freshPageEachTest } from './support/renderPortal';

// /partner/administration's client accounts (GET /partner/accountinfo), the partner console of ours,
// and the partner's leads on the home page: the real router, guards and views; calls answered at fetch.

configure({ asyncUtilTimeout: 5000 });

const partnerUser = authUser({ id: 4, userName: 'partner@example.com' });
let calls: Call[] = [];
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).queryAllByRole('cell').map((c) => c.textContent));

const groupCalls: Handler = (call) => {
  const p = call.url.pathname;
  if (p === '/api/users/group') return ok(northwind);
  if (p === '/api/users/groupusers') return ok([]);
  return undefined;
};
const partnerCalls: Handler = (call) => {
  const p = call.url.pathname;
  if (p === '/api/plans/partner/accountinfo') return ok([accountInfo(), accountInfo({ accountId: 112, accountName: 'Northwind Retail AU', planName: 'Email 5k', datasetType: 'EMAIL', startDate: null, endDate: null, estimatedExpiryDate: null })]);
  if (p === '/api/plans/partner/console') return ok(consoleReport);
  if (p === '/api/users/lead') return ok([lead(1, { companyName: 'Contoso' })]);
  return undefined;
};

function renderPage(path: string, groups = [northwind]) {
  const rendered = renderPortal(path, { user: partnerUser, groups, handler: either(groupCalls, partnerCalls) });
  calls = rendered.calls;
  return rendered;
}

freshPageEachTest();

describe('/partner/administration', () => {
  it('shows each account under the partner with its plan, dataset type, clicks and dates (dd/mm/yyyy)', async () => {
    renderPage('/portal/partner/administration');
    const table = await screen.findByRole('table', { name: 'Client accounts' });
    expect(rowsOf(table)).toEqual([
      ['Northwind Retail', 'Northwind Retail UK', 'Address Lookup 10k', 'PAF', '10,000', '2,500', '7,500', '01/05/2025', '30/04/2026', '31/12/2025'],
      ['Northwind Retail', 'Northwind Retail AU', 'Email 5k', 'EMAIL', '10,000', '2,500', '7,500', '—', '—', '—'],
    ]);
    expect(calls.find((c) => c.url.pathname === '/api/plans/partner/accountinfo')?.url.search).toBe('?partnerId=1');
    expect(screen.getByRole('link', { name: 'Usage and spend console' }).getAttribute('href')).toBe('/portal/partner/console');
    expect(accountInfoCsv([accountInfo()])[1]).toEqual(['Northwind Retail', 'Northwind Retail UK', 'Address Lookup 10k', 'PAF', 10000, 2500, 7500, '01/05/2025', '30/04/2026', '31/12/2025']);
  });
});

describe('/partner/console', () => {
  it('asks for the range in the address and shows each account’s clicks and spend in its own currency', async () => {
    renderPage('/portal/partner/console?from=2025-06-01&to=2025-06-03');
    const table = await screen.findByRole('table', { name: 'Per client account' });
    const query = Object.fromEntries(calls.find((c) => c.url.pathname === '/api/plans/partner/console')!.url.searchParams);
    expect(query).toEqual({ partnerId: '1', fromDate: String(Date.UTC(2025, 5, 1) / 1000), toDate: String(Date.UTC(2025, 5, 3) / 1000 + 86_399) });
    expect(rowsOf(table)).toEqual([
      ['Northwind Retail UK (Northwind Retail)', 'United Kingdom', '30', 'GBP', '£12.50'],
      ['Northwind Retail AU (Northwind Retail)', 'Australia', '5', 'AUD', 'A$3.00'],
      ['', '35', '', '£12.50 + A$3.00'],
    ]);
    expect(screen.getByTestId('console-spend-uk').textContent).toBe('£12.50');
    expect(screen.getByRole('img', { name: /Line chart of clicks per day per client account from 01\/06\/2025 to 03\/06\/2025: Northwind Retail UK \(Northwind Retail\) 30; Northwind Retail AU \(Northwind Retail\) 5/ })).toBeTruthy();
  });

  it('draws the busiest accounts and adds up the rest; spend per currency in major units', () => {
    const many = { ...consoleReport, accounts: Array.from({ length: 8 }, (_, i) => ({ ...consoleReport.accounts[0], accountId: i, accountName: `A${i}`, clicks: 10 + i })) };
    const { series, ticks } = clickSeries(many);
    expect(series.map((s) => s.label)).toEqual(['A7 (Northwind Retail)', 'A6 (Northwind Retail)', 'A5 (Northwind Retail)', 'A4 (Northwind Retail)', 'A3 (Northwind Retail)', 'A2 (Northwind Retail)', 'Other accounts (2)']);
    expect(series.at(-1)?.values).toEqual([20, 0, 40]);
    expect(ticks).toEqual(['01/06', '02/06', '03/06']);
    expect(spendSeries(consoleReport)).toEqual([
      { label: 'United Kingdom (£)', values: [5, 0, 7.5] },
      { label: 'Australia (A$)', values: [0, 3, 0] },
    ]);
    expect(spendTotalText(consoleReport.totals)).toBe('£12.50 + A$3.00');
  });

  it('is for those who may administer the partner', async () => {
    renderPortal('/portal/partner/console', { user: partnerUser, groups: [{ ...northwind, isOwner: false, isMember: true, children: [] }] });
    expect(await screen.findByText(blockedMessages.account)).toBeTruthy();
  });
});

describe('/home for a partner', () => {
  it('lists the partner’s latest leads, each opening at /home/leads/{leadId}, and offers Submit a lead', async () => {
    renderPage('/portal/home');
    const link = await screen.findByRole('link', { name: 'Contoso' });
    expect(link.getAttribute('href')).toBe('/portal/home/leads/1');
    expect(screen.getByRole('link', { name: 'Submit a lead' }).getAttribute('href')).toBe('/portal/home/createlead');
  });

  it('shows no leads to a referrer partner', async () => {
    renderPage('/portal/home', [referralCo]);
    await screen.findByRole('heading', { name: 'Welcome' });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/users/groups')).toBe(true));
    expect(screen.queryByRole('link', { name: 'Submit a lead' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/users/lead')).toBe(false);
  });
});
