// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResponseOf } from '../../contract/endpoint';
import { helpTipsDisabledKey, tourProblems } from '../../contract/shared/helpTips';
import type * as usage from '../../contract/usage/endpoints';
import type { AuthUser } from '../../contract/users/entities';
import { summaryTour } from '../../src/shared/helptips/tours/reportingSummary';
import { group } from '../machines/models/groupFixtures';
import { acmeTrading } from './servicesFixtures';
import { authUser, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// The reporting pages (/reporting/summary, services, tokens): the real router, guards, machines and
// views; the usage calls are answered at fetch. jsdom draws no canvas, so the charts say they could
// not be drawn; what is checked is the accessible equivalent: names, tables, totals and CSV files.

configure({ asyncUtilTimeout: 5000 });

let owner: AuthUser;
let calls: Call[] = [];
const usageCalls = (path: string) => calls.filter((c) => c.url.pathname === `/api/plans${path}`);
const d = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

type PlanReport = ResponseOf<typeof usage.planUsage>;
type TokensReport = ResponseOf<typeof usage.allTokensUsage>;
type TokenReport = ResponseOf<typeof usage.tokenUsage>;
type CountryReport = ResponseOf<typeof usage.countryUsage>;

const range = { accountId: 31, period: 'monthly' as const, fromDate: d('2025-04-01'), toDate: d('2025-07-01'), periods: [d('2025-04-01'), d('2025-05-01'), d('2025-06-01')] };
const lookup = { planId: 7, plan: 'Address Lookup 10k', service: 'addresslookup' as const, datasetRef: 'PAF', territory: 'uk' as const, enabled: true };
const email = { planId: 8, plan: 'Email 5k', service: 'email' as const, datasetRef: 'EMAIL', territory: 'uk' as const, enabled: true };

const planReport = (over: Partial<PlanReport> = {}): PlanReport => ({
  ...range,
  planId: null,
  clicks: 1_500 + 300,
  usage: [
    { period: d('2025-04-01'), clicks: 1_000 },
    { period: d('2025-06-01'), clicks: 800 },
  ],
  plans: [
    { ...lookup, clicks: 1_500, remainClicks: 8_500, usage: [{ period: d('2025-04-01'), clicks: 1_000 }, { period: d('2025-06-01'), clicks: 500 }] },
    { ...email, clicks: 300, remainClicks: 0, usage: [{ period: d('2025-06-01'), clicks: 300 }] },
  ],
  ...over,
});

const tokensReport: TokensReport = {
  ...range,
  clicks: 1_800,
  usage: planReport().usage,
  tokens: [
    { tokenId: 3, tokenTag: 'Web shop', deleted: false, locked: false, expired: false, clicks: 1_200, accountTokensUsage: [{ period: d('2025-04-01'), clicks: 1_000 }, { period: d('2025-06-01'), clicks: 200 }] },
    { tokenId: 4, tokenTag: 'Old feed', deleted: true, locked: false, expired: false, clicks: 100, accountTokensUsage: [{ period: d('2025-06-01'), clicks: 100 }] },
    { tokenId: 5, tokenTag: 'Spare', deleted: false, locked: false, expired: false, clicks: 0, accountTokensUsage: [] },
    { tokenId: 6, tokenTag: 'Paused', deleted: false, locked: true, expired: false, clicks: 0, accountTokensUsage: [] },
    { tokenId: 7, tokenTag: 'Lapsed', deleted: false, locked: false, expired: true, clicks: 0, accountTokensUsage: [] },
    { tokenId: null, tokenTag: 'Portal', deleted: false, locked: false, expired: false, clicks: 500, accountTokensUsage: [{ period: d('2025-06-01'), clicks: 500 }] },
  ],
};

const tokenReport: TokenReport = {
  ...range,
  tokenTag: 'Old feed',
  tokenIds: [4],
  deleted: true,
  clicks: 100,
  usage: [{ period: d('2025-06-01'), clicks: 100 }],
  accountTokensUsage: [{ period: d('2025-06-01'), clicks: 100 }],
  plans: [{ planId: 8, plan: 'Email 5k', service: 'email', datasetRef: 'EMAIL', clicks: 100, usage: [{ period: d('2025-06-01'), clicks: 100 }] }],
};

const countryReport: CountryReport = {
  accountId: 31,
  planId: null,
  fromDate: range.fromDate,
  toDate: range.toDate,
  clicks: 1_800,
  countries: [
    { country: 'GB', clicks: 1_500 },
    { country: '', clicks: 300 },
  ],
};

function usageServer(over: { plans?: PlanReport } = {}): Handler {
  return (call) => {
    const p = call.url.pathname;
    if (p === '/api/plans/account/plans/usage') return ok(over.plans ?? planReport());
    if (p === '/api/plans/account/tokens/allusage') return ok(tokensReport);
    if (p === '/api/plans/account/tokens/usage') return ok(tokenReport);
    if (p === '/api/plans/account/plans/usage/countries') return ok(countryReport);
    return undefined;
  };
}

function renderApp(path: string, handler: Handler = usageServer(), user = owner, groups = [acmeTrading]) {
  const rendered = renderPortal(path, { user, groups, handler });
  calls = rendered.calls;
  return rendered;
}

/** Body rows of a table as text, and its totals row. */
const rowsOf = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
const totalsOf = (table: HTMLElement) => [...table.querySelectorAll('tfoot th, tfoot td')].map((c) => c.textContent);

/** The text of the CSV the next Export CSV click saves. */
async function exportedCsv(button: HTMLElement): Promise<string> {
  let blob: Blob | undefined;
  const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  await userEvent.setup().click(button);
  expect(create).toHaveBeenCalledTimes(1);
  // jsdom's Blob has no text(): read it as a browser would.
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob!);
  });
  return text.replace(/^\uFEFF/, '');
}

beforeEach(() => {
  calls = [];
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-15T12:00:00Z'));
  owner = authUser({ id: 4, userName: 'owner@example.com' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('/reporting/summary', () => {
  it('asks for the last three months by month and prints the range snapped to whole months', async () => {
    renderApp('/portal/reporting/summary');
    expect(await screen.findByRole('heading', { name: 'Usage summary: Acme UK' })).toBeTruthy();
    const [call] = usageCalls('/account/plans/usage');
    expect(Object.fromEntries(call.url.searchParams)).toEqual({
      accountId: '31',
      period: 'monthly',
      fromDate: String(d('2025-04-01')),
      toDate: String(d('2025-06-15')),
    });
    expect(screen.getByText((_, el) => el?.id === 'range-shown' && el.textContent!.startsWith('Showing 01/04/2025 to 30/06/2025, monthly.'))).toBeTruthy();
  });

  it('shows each subscription consumed against remaining, with a total, and the same numbers in its CSV', async () => {
    renderApp('/portal/reporting/summary');
    const table = await screen.findByRole('table', { name: 'Subscriptions' });
    expect(rowsOf(table)).toEqual([
      ['Address Lookup 10k', '1,500', '8,500', 'Address lookup'],
      ['Email 5k', '300', '0', 'Email validation'],
    ]);
    expect(totalsOf(table)).toEqual(['Total', '1,800', '8,500', '']);
    expect(screen.getByRole('img', { name: /^Bar chart of 2 subscriptions: Address Lookup 10k \(Address lookup\) consumed 1,500 and has 8,500 remaining/ })).toBeTruthy();
    const section = table.closest('section')!;
    const csv = await exportedCsv(within(section).getByRole('button', { name: 'Export CSV' }));
    expect(csv).toBe(
      'Subscription,Consumed in range,Remaining now,Service\r\nAddress Lookup 10k,1500,8500,Address lookup\r\nEmail 5k,300,0,Email validation\r\nTotal,1800,8500,\r\n',
    );
  });

  it('tabulates every month of the range, empty ones as 0, with the server’s totals', async () => {
    renderApp('/portal/reporting/summary');
    const table = await screen.findByRole('table', { name: 'Clicks per period' });
    expect(rowsOf(table)).toEqual([
      ['April 2025', '1,000', '0', '1,000'],
      ['May 2025', '0', '0', '0'],
      ['June 2025', '500', '300', '800'],
    ]);
    expect(totalsOf(table)).toEqual(['Total', '1,500', '300', '1,800']);
    const chart = screen.getByRole('img', { name: /^Line chart of clicks per month from 01\/04\/2025 to 30\/06\/2025 for 2 subscriptions: 1,800 in all, the most \(1,000\) in April 2025\.$/ });
    expect(chart.getAttribute('tabindex')).toBe('0');
  });

  it('reads a chart out by keyboard: arrow keys, Home and End move through the periods', async () => {
    renderApp('/portal/reporting/summary');
    const chart = await screen.findByRole('img', { name: /^Line chart of clicks per month/ });
    const readout = document.getElementById(chart.getAttribute('aria-describedby')!)!;
    expect(readout.getAttribute('aria-live')).toBe('polite');
    chart.focus();
    const user = userEvent.setup();
    await user.keyboard('{ArrowRight}');
    expect(readout.textContent).toBe('April 2025: Address Lookup 10k (Address lookup) 1,000 clicks; Email 5k (Email validation) 0 clicks');
    await user.keyboard('{End}');
    expect(readout.textContent).toBe('June 2025: Address Lookup 10k (Address lookup) 500 clicks; Email 5k (Email validation) 300 clicks');
    await user.keyboard('{ArrowLeft}');
    expect(readout.textContent).toMatch(/^May 2025: /);
    await user.keyboard('{Home}');
    expect(readout.textContent).toMatch(/^April 2025: /);
  });

  it('says when there is no usage in the range, and what to do', async () => {
    renderApp('/portal/reporting/summary', usageServer({ plans: planReport({ clicks: 0, usage: [], plans: [{ ...lookup, clicks: 0, remainClicks: 10_000, usage: [] }] }) }));
    expect(await screen.findByText('No usage in this range.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Administration › Tokens' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Clicks per period' })).toBeNull();
  });

  it('takes the range from the URL, and refuses one that ends before it starts without asking the server', async () => {
    renderApp('/portal/reporting/summary?from=2025-02-10&to=2025-03-03&period=weekly');
    await screen.findByRole('table', { name: 'Subscriptions' });
    expect(Object.fromEntries(usageCalls('/account/plans/usage')[0].url.searchParams)).toMatchObject({
      period: 'weekly',
      fromDate: String(d('2025-02-10')),
      toDate: String(d('2025-03-03')),
    });
    // Monday 10 February to Sunday 9 March 2025.
    expect(screen.getByText((_, el) => el?.id === 'range-shown' && el.textContent!.startsWith('Showing 10/02/2025 to 09/03/2025, weekly.'))).toBeTruthy();
    const user = userEvent.setup();
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2025-03-10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The range ends before it starts: choose a to date on or after the from date');
    expect(usageCalls('/account/plans/usage')).toHaveLength(1);
  });

  it('says a date in the URL that is not a date is not one, asking nothing of the server; a period that is not one is the default', async () => {
    renderApp('/portal/reporting/summary?from=2025-02-31&to=2025-06-30&period=yearly');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The from date in this page\'s address, “31/02/2025”, is not a date: choose the dates below (dd/mm/yyyy) and Apply.',
    );
    expect(screen.queryByText(/range ends before it starts/)).toBeNull();
    expect(screen.queryByRole('table', { name: 'Subscriptions' })).toBeNull();
    expect(usageCalls('/account/plans/usage')).toHaveLength(0);
    cleanup();
    renderApp('/portal/reporting/tokens?to=soon');
    expect((await screen.findByRole('alert')).textContent).toBe('The to date in this page\'s address, “soon”, is not a date: choose the dates below (dd/mm/yyyy) and Apply.');
    expect(usageCalls('/account/tokens/allusage')).toHaveLength(0);
  });

  it('has a help tour whose tips all find their targets', () => {
    expect(tourProblems(summaryTour)).toEqual([]);
  });
});

describe('/reporting/services and /reporting/tokens', () => {
  it('lists clicks per country with names, the unknown ones as Unknown, and shares', async () => {
    renderApp('/portal/reporting/services');
    const table = await screen.findByRole('table', { name: 'Clicks per country' });
    expect(rowsOf(table)).toEqual([
      ['United Kingdom (GB)', '1,500', '83.3%'],
      ['Unknown', '300', '16.7%'],
    ]);
    expect(totalsOf(table)).toEqual(['Total', '1,800', '']);
    const countries = usageCalls('/account/plans/usage/countries')[0];
    // Whole days: the last day of the snapped range, inclusive.
    expect(countries.url.searchParams.get('toDate')).toBe(String(d('2025-06-30')));
  });

  it('lists every token with its status, a deleted one under its tag and the portal last', async () => {
    renderApp('/portal/reporting/tokens');
    const table = await screen.findByRole('table', { name: 'Clicks per token' });
    expect(rowsOf(table)).toEqual([
      ['Web shop', 'In use', '1,200', 'Show detail of Web shop'],
      ['Old feed', 'Deleted', '100', 'Show detail of Old feed'],
      ['Spare', 'In use', '0', 'Show detail of Spare'],
      ['Paused', 'Locked', '0', 'Show detail of Paused'],
      ['Lapsed', 'Expired', '0', 'Show detail of Lapsed'],
      ['Portal', 'Portal pages', '500', 'Show detail of Portal'],
    ]);
    expect(totalsOf(table)).toEqual(['Total', '', '1,800', '']);
    // The unused token has no column over time.
    const perPeriod = screen.getByRole('table', { name: 'Clicks per period' });
    expect([...perPeriod.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Period', 'Web shop', 'Old feed (deleted)', 'Portal', 'Total']);
    expect(usageCalls('/account/tokens/usage')).toHaveLength(0);
  });

  it("shows one token's detail through GET /account/tokens/usage", async () => {
    renderApp('/portal/reporting/tokens?tag=Old%20feed');
    const table = await screen.findByRole('table', { name: 'Clicks of Old feed per period' });
    expect(usageCalls('/account/tokens/usage')[0].url.searchParams.get('tokenTag')).toBe('Old feed');
    expect(totalsOf(table)).toEqual(['Total', '100']);
    expect(screen.getByText('Old feed (deleted): 100 clicks from 01/04/2025 to 30/06/2025.')).toBeTruthy();
  });
});

describe('who may open the reports', () => {
  it('shows a member the spec’s refusal and asks nothing', async () => {
    const member = authUser({ id: 5, userName: 'member@example.com' });
    const memberGroups = [group(30, 'organisation', [group(31, 'account', [], { name: 'Acme UK', isOwner: false, isMember: true })], { name: 'Acme Trading', isOwner: false, isMember: true })];
    renderApp('/portal/reporting/summary', usageServer(), member, memberGroups);
    expect(await screen.findByText('This page is not currently available while using this account. Please switch to another account or return home.')).toBeTruthy();
    await waitFor(() => expect(usageCalls('/account/plans/usage')).toHaveLength(0));
  });
});
