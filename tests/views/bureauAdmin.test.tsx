// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { helpTipsDisabledKey } from '../../contract/shared/helpTips';
import { blockedMessages } from '../../contract/shared/messages';
import { costLines, perUnit } from '../../src/areas/administration/addresscleanse/costText';
import { priceBody, fieldsOf, priceServerProblems } from '../../src/areas/administration/addresscleanse/priceForm';
import { idList, jobTotals } from '../../src/areas/administration/addresscleanse/reportText';
import type { Group } from '../../contract/groups/entities';
import { acmeTrading, at } from './servicesFixtures';
import { cost, costTypes, job, mafs, type Cost } from './bureauAdminFixtures';
import { authUser, ok, renderPortal, type Call, type Handler, type Reply } from './support/renderPortal';

// /administration/addresscleanse and its price update (admin, super; an owner sees the account's own
// settings, and no price): the real router, guards,
// submission machine and views; the bureau server's admin calls are answered at fetch.

configure({ asyncUtilTimeout: 5000 });

let calls: Call[] = [];
let costs: Cost[] = [];
const at$ = (path: string) => calls.filter((c) => c.url.pathname === `/api/bureau${path}`);

/** The admin calls, with POST /admin/costs closing the price it replaces as the server does. */
function adminServer(over: { post?: (call: Call) => Reply | undefined } = {}): Handler {
  return (call) => {
    const p = call.url.pathname.replace('/api/bureau', '');
    if (p === '/admin/costs' && call.method === 'GET') return ok(costs);
    if (p === '/admin/costs' && call.method === 'POST') {
      const refused = over.post?.(call);
      if (refused) return refused;
      const body = call.body as Omit<Cost, 'costId' | 'costTypeName' | 'endDate'>;
      const now = Math.floor(Date.now() / 1000);
      const next = cost(costs.length + 1, { ...body, startDate: body.startDate ?? now, endDate: null });
      costs = [...costs.map((c) => (c.costTypeId === body.costTypeId && c.territory === body.territory && c.endDate === null ? { ...c, endDate: next.startDate } : c)), next];
      return ok(next);
    }
    if (p === '/admin/costs' && call.method === 'DELETE') {
      const id = Number(call.url.searchParams.get('costId'));
      const gone = costs.find((c) => c.costId === id)!;
      costs = costs.filter((c) => c !== gone).map((c) => (c.costTypeId === gone.costTypeId && c.territory === gone.territory && c.endDate === gone.startDate ? { ...c, endDate: null } : c));
      return ok({ msg: 'Price withdrawn' });
    }
    if (p === '/files/retention') return ok(call.method === 'PUT' ? call.body : { uploadDays: 30, resultDays: 14 });
    if (p === '/admin/costtypes') return ok(costTypes);
    if (p === '/admin/mafs') return ok(mafs);
    if (p === '/admin/royaltycharges')
      return ok([
        { costTypeId: 1, name: 'Address cleanse', territory: 'uk', jobs: 2, records: 4_000, matches: 3_600, charges: 3_000, realCharges: 600 },
        { costTypeId: 2, name: 'PAF addresses', territory: 'uk', jobs: 1, records: 2_000, matches: 1_800, charges: 630, realCharges: 360 },
      ]);
    if (p === '/admin/jobcharges') {
      const all = [job(7), job(8, { totalCharges: 2_500, totalRealCharges: 700, totalCount: 3_000 }), job(9, { territory: 'australia', mafId: 2, accountName: 'Acme Australia' })];
      const included = call.url.searchParams.getAll('includedJobs[]').map(Number);
      return ok(included.length ? all.filter((j) => included.includes(j.jobId)) : all);
    }
    return undefined;
  };
}

const admin = authUser({ id: 2, userName: 'admin@example.com', roles: ['admin'] });
function renderAdmin(path: string, handler = adminServer(), user = admin, groups: Group[] = []) {
  const rendered = renderPortal(path, { user, groups, handler });
  calls = rendered.calls;
  return rendered;
}
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-15T12:00'));
  costs = [cost(1), cost(2, { costTypeId: 2, costTypeName: 'PAF addresses', basePrice: 0, pricePerRecord: 0, pricePerMatch: 0.35, realPricePerMatch: 0.2 }), cost(3, { territory: 'australia', basePrice: 800, pricePerRecord: 0.8 })];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('/administration/addresscleanse: prices', () => {
  it('lists the price in force per cost type and territory, in pounds and pence or dollars and cents', async () => {
    renderAdmin('/portal/administration/addresscleanse');
    const uk = await screen.findByRole('table', { name: 'Prices: United Kingdom (£)' });
    const rows = rowsOf(uk);
    expect(rows[0].slice(1, 8)).toEqual(['£5.00', '0.5p', '0p', '0.1p', '0p', '1,000', '01/01/2025']);
    expect(rows[1].slice(1, 4)).toEqual(['£0.00', '0p', '0.35p']);
    const au = screen.getByRole('table', { name: 'Prices: Australia (A$)' });
    expect(rowsOf(au)[0].slice(1, 3)).toEqual(['A$8.00', '0.8c']);
    // Australia has no PAF price yet.
    expect(rowsOf(au)[1][7]).toBe('Not priced');
    expect(within(uk).getByRole('link', { name: 'Update price: Address cleanse, United Kingdom' }).getAttribute('href')).toBe('/portal/administration/addresscleanse/priceupdate/1');
  });

  it('shows an account owner the account\'s own settings (how long files are kept), never the prices', async () => {
    renderAdmin('/portal/administration/addresscleanse', adminServer(), authUser({ id: 4 }), [acmeTrading]);
    expect(await screen.findByRole('heading', { name: 'Address Cleanse administration: Acme UK' })).toBeTruthy();
    expect(((await screen.findByLabelText('Keep results (days)')) as HTMLInputElement).value).toBe('14');
    expect(screen.getByRole('link', { name: 'Applications > Address Cleanse' }).getAttribute('href')).toBe('/portal/applications/addresscleanse');
    expect(at$('/files/retention')[0].url.searchParams.get('accountId')).toBe('31');
    expect(at$('/admin/costs')).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Address Cleanse administration' })).toBeNull();
  });

  it('refuses an account owner the price update, with the spec\'s message', async () => {
    renderAdmin('/portal/administration/addresscleanse/priceupdate/1', adminServer(), authUser({ id: 4 }), [acmeTrading]);
    expect(await screen.findByText(blockedMessages.notThroughAccount)).toBeTruthy();
    expect(at$('/admin/costs')).toHaveLength(0);
  });

  it('is linked from the account search for admin and super only', async () => {
    renderAdmin('/portal/search');
    expect((await screen.findByRole('link', { name: 'Address Cleanse administration' })).getAttribute('href')).toBe('/portal/administration/addresscleanse');
    cleanup();
    renderAdmin('/portal/search', adminServer(), authUser({ id: 3, roles: ['sales'] }));
    await screen.findByRole('link', { name: 'Charges' });
    expect(screen.queryByRole('link', { name: 'Address Cleanse administration' })).toBeNull();
  });

  it('is refused to sales', async () => {
    renderAdmin('/portal/administration/addresscleanse', adminServer(), authUser({ id: 3, roles: ['sales'] }));
    expect(await screen.findByText(blockedMessages.notThroughAccount)).toBeTruthy();
  });
});

describe('/administration/addresscleanse: a scheduled price', () => {
  const schedule = () => {
    costs = [{ ...costs[0], endDate: at('2025-07-01T00:00') }, ...costs.slice(1), cost(4, { basePrice: 900, startDate: at('2025-07-01T00:00') })];
  };

  it('is withdrawn after a confirmation, and the price in force runs on', async () => {
    schedule();
    renderAdmin('/portal/administration/addresscleanse');
    const uk = await screen.findByRole('table', { name: 'Prices: United Kingdom (£)' });
    expect(within(uk).getByText(/From 01\/07\/2025: £9\.00/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(uk).getByRole('button', { name: 'Withdraw scheduled price Address cleanse, United Kingdom, from 01/07/2025' }));
    // Asked first: nothing is sent until confirmed; Cancel keeps it.
    expect(within(uk).getByText('Withdraw scheduled price “Address cleanse, United Kingdom, from 01/07/2025”? This cannot be undone.')).toBeTruthy();
    expect(at$('/admin/costs').filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(uk).getByRole('button', { name: 'Cancel' }));
    await user.click(within(uk).getByRole('button', { name: 'Withdraw scheduled price Address cleanse, United Kingdom, from 01/07/2025' }));
    await user.click(within(uk).getByRole('button', { name: 'Yes, withdraw scheduled price' }));
    await waitFor(() => expect(screen.queryByText(/From 01\/07\/2025/)).toBeNull());
    const deletes = at$('/admin/costs').filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => c.url.searchParams.get('costId'))).toEqual(['4']);
    expect(rowsOf(screen.getByRole('table', { name: 'Prices: United Kingdom (£)' }))[0].slice(1, 2)).toEqual(['£5.00']);
  });

  it('is changed from its Change link: the form starts on its day, so saving replaces it', async () => {
    schedule();
    renderAdmin('/portal/administration/addresscleanse');
    const uk = await screen.findByRole('table', { name: 'Prices: United Kingdom (£)' });
    const user = userEvent.setup();
    await user.click(within(uk).getByRole('link', { name: 'Change scheduled price: Address cleanse, United Kingdom' }));
    const start = await screen.findByLabelText('Start date');
    expect((start as HTMLInputElement).value).toBe('01/07/2025');
    expect(screen.getByRole('note').textContent).toContain('scheduled from 01/07/2025 and has not started');
    await user.clear(screen.getByLabelText('Base price (£)'));
    await user.type(screen.getByLabelText('Base price (£)'), '7');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    const [post] = await waitFor(() => {
      const posts = at$('/admin/costs').filter((c) => c.method === 'POST');
      expect(posts).toHaveLength(1);
      return posts;
    });
    expect(post.body).toMatchObject({ costTypeId: 1, territory: 'uk', basePrice: 700, startDate: at('2025-07-01T00:00') });
  });
});

describe('/administration/addresscleanse/priceupdate/{costId}', () => {
  it('refuses a bad value under its field and sends nothing', async () => {
    renderAdmin('/portal/administration/addresscleanse/priceupdate/1');
    const field = await screen.findByLabelText('Price per record (p)');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '0.12345');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The price per record has at most four decimal places');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(at$('/admin/costs').filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('saves a good price, lists it, and keeps the old one in the history', async () => {
    renderAdmin('/portal/administration/addresscleanse/priceupdate/1');
    const field = await screen.findByLabelText('Price per record (p)');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '0.4275');
    await user.clear(screen.getByLabelText('Base price (£)'));
    await user.type(screen.getByLabelText('Base price (£)'), '6.5');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    const [post] = await waitFor(() => {
      const posts = at$('/admin/costs').filter((c) => c.method === 'POST');
      expect(posts).toHaveLength(1);
      return posts;
    });
    expect(post.body).toEqual({ costTypeId: 1, territory: 'uk', basePrice: 650, pricePerRecord: 0.4275, pricePerMatch: 0, realPricePerRecord: 0.1, realPricePerMatch: 0, minRecCount: 1_000 });
    expect((await screen.findByRole('status')).textContent).toContain('The new price of Address cleanse, United Kingdom, is saved');
    const uk = screen.getByRole('table', { name: 'Prices: United Kingdom (£)' });
    expect(rowsOf(uk)[0].slice(1, 3)).toEqual(['£6.50', '0.4275p']);
    await user.click(within(uk).getByRole('link', { name: 'Update price: Address cleanse, United Kingdom' }));
    const history = await screen.findByRole('table', { name: 'Price history' });
    expect(rowsOf(history).map((r) => [r[2], r[3], r[4]])).toEqual([
      ['In force', '£6.50', '0.4275p'],
      ['Ended', '£5.00', '0.5p'],
    ]);
  });

  it('shows the server\'s refusal under the field it names', async () => {
    const refuse = () => ({ status: 400, body: { msg: 'minRecCount: The minimum record count is too large for this cost type', statusCode: 400 } });
    renderAdmin('/portal/administration/addresscleanse/priceupdate/1', adminServer({ post: refuse }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save price' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Failed to save the price: minRecCount: The minimum record count is too large for this cost type');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('The minimum record count is too large for this cost type')).toBeTruthy();
    expect(screen.getByLabelText('Minimum record count').getAttribute('aria-invalid')).toBe('true');
  });

  it('answers an unknown cost with the unknown page', async () => {
    renderAdmin('/portal/administration/addresscleanse/priceupdate/99');
    expect(await screen.findByText('Oops! The page you were looking for does not exist.')).toBeTruthy();
  });
});

describe('/administration/addresscleanse: reports', () => {
  it('asks for royalty charges of the territory, range and cost types in the address, and totals them', async () => {
    renderAdmin('/portal/administration/addresscleanse?view=royalties&from=2025-06-01&to=2025-06-30&territory=uk&types=1,2');
    const table = await screen.findByRole('table', { name: 'Per cost type' });
    const query = at$('/admin/royaltycharges')[0].url.searchParams;
    expect(query.get('territory')).toBe('uk');
    expect(query.get('startDate')).toBe(String(at('2025-06-01T00:00')));
    expect(query.get('endDate')).toBe(String(at('2025-07-01T00:00') - 1));
    expect(query.getAll('includedTypes[]')).toEqual(['1', '2']);
    expect(rowsOf(table)[1]).toEqual(['PAF addresses', '1', '2,000', '1,800', '£6.30', '£3.60']);
    expect(screen.getByTestId('royalty-charged').textContent).toBe('£36.30');
    expect(screen.getByTestId('royalty-owed').textContent).toBe('£9.60');
    expect(screen.getByRole('img', { name: /Charged and royalties per cost type: Address cleanse charged £30.00, royalty £6.00/ })).toBeTruthy();
  });

  it('keeps the cost types ticked in the address', async () => {
    const { router } = renderAdmin('/portal/administration/addresscleanse?view=royalties');
    await screen.findByRole('table', { name: 'Per cost type' });
    expect(at$('/admin/royaltycharges')[0].url.searchParams.getAll('includedTypes[]')).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'PAF addresses' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: 'royalties', types: '1', territory: 'uk' }));
    await user.click(screen.getByRole('checkbox', { name: 'Address cleanse' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one cost type.');
  });

  it('totals the job charges per currency, and only the jobs left ticked', async () => {
    const { router } = renderAdmin('/portal/administration/addresscleanse?view=jobs&from=2025-06-01&to=2025-06-30');
    await screen.findByRole('table', { name: 'Jobs' });
    expect(screen.getByTestId('jobs-total-uk').textContent).toBe('United Kingdom: 2 jobs, 5,000 records£40.00 charged, £10.00 royalty');
    expect(screen.getByTestId('jobs-total-australia')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Include job 9' }));
    await user.click(screen.getByRole('button', { name: 'Add up the ticked jobs' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: 'jobs', jobs: '7,8' }));
    await waitFor(() => expect(screen.queryByTestId('jobs-total-australia')).toBeNull());
    expect(at$('/admin/jobcharges').at(-1)?.url.searchParams.getAll('includedJobs[]')).toEqual(['7', '8']);
    expect(screen.getByRole('heading', { name: '2 of 3 jobs, 01/06/2025 to 30/06/2025' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /Charged and royalty per reference file, United Kingdom: Royal Mail PAF \(sample\) charged 40/ })).toBeTruthy();
  });

  it('says so when no job was charged in the range', async () => {
    renderAdmin('/portal/administration/addresscleanse?view=jobs', (call) => (call.url.pathname.endsWith('/admin/jobcharges') ? ok([]) : adminServer()(call)));
    expect(await screen.findByText('No jobs in this range.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});

describe('the price arithmetic', () => {
  it('reads pounds as pence and keeps four decimals of a penny', () => {
    const { body } = priceBody(cost(1), { ...fieldsOf(cost(1)), basePrice: '0.29', pricePerMatch: '1.0001' }, at('2025-06-15T12:00'));
    expect(body).toMatchObject({ basePrice: 29, pricePerMatch: 1.0001 });
  });

  it('refuses a start in the past, a blank field and a negative price with their own words', () => {
    const { body, problems } = priceBody(cost(1), { ...fieldsOf(cost(1)), startDate: '01/06/2025', minRecCount: '', realPricePerMatch: '-1' }, at('2025-06-15T12:00'));
    expect(body).toBeNull();
    expect(problems).toEqual({
      startDate: 'The start date is in the past: leave it blank to start now',
      minRecCount: 'The minimum record count is required',
      realPricePerMatch: 'The real price per match cannot be negative',
    });
  });

  it('sends a later start date as its day\'s first second', () => {
    expect(priceBody(cost(1), { ...fieldsOf(cost(1)), startDate: '1/7/2025' }, at('2025-06-15T12:00')).body?.startDate).toBe(at('2025-07-01T00:00'));
  });

  it('splits the server\'s message by the fields it names', () => {
    expect(priceServerProblems('basePrice: Must be at most 100000000; The cost type does not exist')).toEqual({ problems: { basePrice: 'Must be at most 100000000' }, rest: 'The cost type does not exist' });
  });

  it('tells the price in force from one scheduled', () => {
    const later = cost(5, { startDate: at('2025-07-01T00:00'), basePrice: 900 });
    const [uk] = costLines([{ ...cost(1), endDate: later.startDate }, later], costTypes, at('2025-06-15T12:00'));
    expect(uk.lines[0].current?.costId).toBe(1);
    expect(uk.lines[0].scheduled?.costId).toBe(5);
    expect(uk.lines[0].latest?.costId).toBe(5);
    expect(perUnit(0.35, 'australia')).toBe('0.35c');
  });

  it('never adds pounds to dollars', () => {
    expect(jobTotals([job(1), job(2, { territory: 'australia' })]).map((t) => [t.territory, t.charges])).toEqual([
      ['uk', 1_500],
      ['australia', 1_500],
    ]);
    expect(idList('3, x,3,4', 'jobs')).toEqual({ ids: [3, 4], problem: 'Some jobs in the address are not ids: they are left out.' });
  });
});
