// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BureauStats, FileSummary } from '../../contract/bureau/entities';
import { helpTipsDisabledKey } from '../../contract/shared/helpTips';
import { blockedMessages } from '../../contract/shared/messages';
import type { Group } from '../../contract/groups/entities';
import { statsCsv, statsRows, statsTotals } from '../../src/areas/bureau/stats/statsText';
import { dayOfText, dayRangeProblem } from '../../src/shared/dateRange';
import { group } from '../machines/models/groupFixtures';
import { acmeAu, acmeTrading, at } from './servicesFixtures';
import { authUser, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// /applications/addresscleanse (owner): the real router, guard and view; GET /stats/summary is
// answered at fetch. jsdom draws no canvas: the charts' names and the tables are what is checked.

configure({ asyncUtilTimeout: 5000 });

let calls: Call[] = [];
const statsCalls = () => calls.filter((c) => c.url.pathname === '/api/bureau/stats/summary');

const block = (files: number, cost: number, scale = 1): BureauStats['all'] => ({
  files,
  cost,
  inputRecords: 1_000 * scale,
  outputRecords: 950 * scale,
  matching: { matched: 700 * scale, updated: 200 * scale, unmatched: 100 * scale },
  deduplication: { child: 50 * scale, parent: 40 * scale, unique: 910 * scale },
  suppression: [{ type: 'goneAway', removed: 12 * scale, flagged: 3 * scale }],
});
const paf: BureauStats = { mafId: 1, mafName: 'Royal Mail PAF (sample)', mafCountryCode: 'GB', all: block(3, 4_250, 3), purchased: block(1, 1_250) };
const idle: BureauStats = { mafId: 3, mafName: 'Business file', mafCountryCode: 'GB', all: { ...block(0, 0, 0), suppression: [] }, purchased: { ...block(0, 0, 0), suppression: [] } };

const file = (id: number, name: string, status: FileSummary['status'], expiresAt: number | null = null): FileSummary => ({
  id, name, status, rowCount: 1_234, createdAt: at('2025-06-01T09:30'), expiresAt,
});
let files: FileSummary[] = [];
const madeAt = at('2025-06-01T00:00');
let retention = { uploadDays: 30, resultDays: 30 };
const retentionCalls = () => calls.filter((c) => c.url.pathname === '/api/bureau/files/retention');
const fileCalls = () => calls.filter((c) => c.url.pathname === '/api/bureau/files');

function renderStats(path: string, answer: BureauStats[] = [paf], groups: Group[] = [acmeTrading]) {
  const server: Handler = (call) => {
    if (call.url.pathname === '/api/bureau/stats/summary') return ok(answer);
    if (call.url.pathname === '/api/bureau/files/retention') {
      if (call.method === 'PUT') retention = call.body as typeof retention;
      return ok(retention);
    }
    if (call.url.pathname !== '/api/bureau/files') return undefined;
    const id = Number(call.url.searchParams.get('fileId'));
    if (call.method === 'DELETE') files = files.filter((f) => f.id !== id);
    if (call.method === 'PUT') files = files.map((f) => (f.id === id ? { ...f, name: (call.body as { name: string }).name } : f));
    // As the server: a file's results are kept resultDays after they were made.
    const kept = files.map((f) => (f.expiresAt === null ? f : { ...f, expiresAt: madeAt + retention.resultDays * 86_400 }));
    return call.method === 'GET' ? ok(kept) : ok(call.method === 'PUT' ? files.find((f) => f.id === id) : { message: 'Deleted' });
  };
  const rendered = renderPortal(path, { user: authUser({ id: 4 }), groups, handler: server });
  calls = rendered.calls;
  return rendered;
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

beforeEach(() => {
  files = [];
  retention = { uploadDays: 30, resultDays: 30 };
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-15T12:00'));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('/applications/addresscleanse', () => {
  it('asks for the selected account over the last three months, both days included, and shows the range dd/mm/yyyy', async () => {
    renderStats('/portal/applications/addresscleanse');
    await screen.findByRole('heading', { name: 'Address Cleanse: Acme UK' });
    await waitFor(() => expect(statsCalls()).toHaveLength(1));
    expect(Object.fromEntries(statsCalls()[0].url.searchParams)).toEqual({
      accId: '31',
      dateFrom: String(at('2025-04-01T00:00')),
      dateTo: String(at('2025-06-16T00:00') - 1),
    });
    expect(screen.getByText('01/04/2025 to 15/06/2025', { selector: 'strong' })).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('01/04/2025');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('15/06/2025');
  });

  it('shows each reference file\'s figures, all files beside purchased, with the cost in pounds', async () => {
    renderStats('/portal/applications/addresscleanse');
    const table = await screen.findByRole('table', { name: 'Figures: Royal Mail PAF (sample)' });
    const rows = rowsOf(table);
    expect(rows[0]).toEqual(['Files', '3', '1']);
    expect(rows[1]).toEqual(['Cost (£)', '£42.50', '£12.50']);
    expect(rows.find((r) => r[0] === 'Matched')).toEqual(['Matched', '2,100', '700']);
    expect(rows.find((r) => r[0] === 'Child')).toEqual(['Child', '150', '50']);
    expect(rows.find((r) => r[0] === 'Gone away: removed')).toEqual(['Gone away: removed', '36', '12']);
    expect(screen.getByTestId('total-files').textContent).toBe('3');
    expect(screen.getByTestId('total-paid').textContent).toBe('£12.50');
    expect(screen.getByTestId('total-found').textContent).toBe('90.0%');
    expect(screen.getByRole('img', { name: /Bar chart of matching and deduplication against Royal Mail PAF \(sample\): Matched 2,100 of all files, 700 purchased/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload a file' }).getAttribute('href')).toBe('/portal/applications/addresscleanse/upload');
  });

  it('applies the dates chosen: the address keeps them and the call asks for them', async () => {
    const { router } = renderStats('/portal/applications/addresscleanse');
    await screen.findByRole('table', { name: 'Figures: Royal Mail PAF (sample)' });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '01/01/2025');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '31/01/2025');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ from: '2025-01-01', to: '2025-01-31' }));
    await waitFor(() => expect(statsCalls().at(-1)?.url.searchParams.get('dateFrom')).toBe(String(at('2025-01-01T00:00'))));
    expect(statsCalls().at(-1)?.url.searchParams.get('dateTo')).toBe(String(at('2025-02-01T00:00') - 1));
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    renderStats('/portal/applications/addresscleanse?from=2025-03-01&to=2025-03-31');
    await screen.findByRole('table', { name: 'Figures: Royal Mail PAF (sample)' });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '01/02/2025');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The To date is before the From date.');
    expect(statsCalls()).toHaveLength(1);
  });

  it('says what in the address it could not use, and asks for the default instead', async () => {
    renderStats('/portal/applications/addresscleanse?from=2025-02-30');
    expect((await screen.findByRole('alert')).textContent).toBe('The From date is not a day (yyyy-mm-dd): the default is used.');
    expect(statsCalls()[0].url.searchParams.get('dateFrom')).toBe(String(at('2025-04-01T00:00')));
  });

  it('has a clear empty state with the way to upload a file', async () => {
    renderStats('/portal/applications/addresscleanse', [idle]);
    expect(await screen.findByRole('heading', { name: 'No files cleansed from 01/04/2025 to 15/06/2025' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Upload a file' })).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('tells an Australian account that file cleansing is for UK accounts, and offers no upload', async () => {
    renderStats('/portal/applications/addresscleanse', [], [group(40, 'organisation', [acmeAu], { name: 'Acme Oz' })]);
    await screen.findByRole('heading', { name: 'Address Cleanse: Acme Australia' });
    expect(screen.getAllByText(/File cleansing is for UK accounts/).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Upload a file' })).toBeNull();
    expect(statsCalls()[0].url.searchParams.get('accId')).toBe('32');
  });

  it('is refused to a member of the account with the spec\'s message', async () => {
    const member = group(50, 'organisation', [group(51, 'account', [], { isOwner: false, isMember: true })], { isOwner: false, isMember: true });
    renderStats('/portal/applications/addresscleanse', [paf], [member]);
    expect(await screen.findByText(blockedMessages.account)).toBeTruthy();
    expect(statsCalls()).toHaveLength(0);
  });
});

describe('the file list on /applications/addresscleanse', () => {
  it('has an empty state with the way to upload the first file', async () => {
    renderStats('/portal/applications/addresscleanse');
    await screen.findByRole('heading', { name: 'Your files' });
    expect(screen.getByText(/No files yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload your first file' }).getAttribute('href')).toBe('/portal/applications/addresscleanse/upload');
  });

  it('reads the file list again when it is opened after a preload, so a date that changed meanwhile shows', async () => {
    files = [file(7, 'customers.csv', 'paid', null)];
    const { router } = renderStats('/portal/helpcentre');
    await screen.findByRole('heading', { name: /Help/ });
    // Hovering a link to the list preloads it; then the file's results are made (a kept-until date).
    await router.preloadRoute({ to: '/applications/addresscleanse' });
    const preloaded = fileCalls().length;
    expect(preloaded).toBe(1);
    files = [file(7, 'customers.csv', 'paid', madeAt)];
    await router.navigate({ to: '/applications/addresscleanse' });
    const table = await screen.findByRole('table', { name: /files/i });
    await waitFor(() => expect(rowsOf(table)[0].join(' ')).toContain('01/07/2025'));
    expect(fileCalls().length).toBeGreaterThan(preloaded);
  });

  it('lists each file with its records, status and dates, and opens it at its page', async () => {
    files = [file(7, 'customers.csv', 'mapping'), file(8, 'members.csv', 'paid', at('2025-07-01T00:00'))];
    renderStats('/portal/applications/addresscleanse');
    const table = await screen.findByRole('table', { name: 'Your files' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1,234', 'Fields to map', '01/06/2025', '—', 'RenameDelete']);
    expect(within(rows[1]).getAllByRole('cell')[3].textContent).toBe('01/07/2025');
    expect(within(rows[1]).getByRole('link', { name: 'members.csv' }).getAttribute('href')).toBe('/portal/applications/addresscleanse/file/8');
  });

  it('renames a file in a dialog and shows the new name', async () => {
    files = [file(7, 'customers.csv', 'ready')];
    renderStats('/portal/applications/addresscleanse');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename file customers.csv' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename customers.csv' });
    await user.clear(within(dialog).getByLabelText('New name'));
    await user.type(within(dialog).getByLabelText('New name'), 'Customers 2025');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('link', { name: 'Customers 2025' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const put = fileCalls().find((c) => c.method === 'PUT');
    expect(put?.url.searchParams.get('fileId')).toBe('7');
    expect(put?.body).toEqual({ name: 'Customers 2025' });
  });

  it('deletes a file only once the user confirms', async () => {
    files = [file(7, 'customers.csv', 'results')];
    renderStats('/portal/applications/addresscleanse');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete file customers.csv' }));
    expect(screen.getByText('Delete file “customers.csv”? This cannot be undone.')).toBeTruthy();
    expect(fileCalls().some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, delete file' }));
    expect(await screen.findByText(/No files yet/)).toBeTruthy();
    expect(fileCalls().find((c) => c.method === 'DELETE')?.url.searchParams.get('fileId')).toBe('7');
  });

  it('is not asked for by an Australian account', async () => {
    renderStats('/portal/applications/addresscleanse', [], [group(40, 'organisation', [acmeAu], { name: 'Acme Oz' })]);
    await screen.findByRole('heading', { name: 'Address Cleanse: Acme Australia' });
    expect(fileCalls()).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Your files' })).toBeNull();
  });
});

describe('the bureau statistics', () => {
  it('add up files, payments and the share found across reference files', () => {
    expect(statsTotals([paf, idle])).toEqual({ files: 3, purchasedFiles: 1, paid: 1_250, inputRecords: 3_000, foundShare: 0.9 });
  });

  it('list suppression only for the types counted', () => {
    expect(statsRows(idle).some((r) => r.group === 'Suppression')).toBe(false);
    expect(statsRows(paf).filter((r) => r.group === 'Suppression').map((r) => r.label)).toEqual(['Gone away: removed', 'Gone away: flagged']);
  });

  it('export money in major units with the currency named', () => {
    const rows = statsCsv([paf], 'australia');
    expect(rows[0]).toEqual(['Reference file', 'Country', 'Group', 'Measure', 'All files', 'Purchased']);
    expect(rows[2]).toEqual(['Royal Mail PAF (sample)', 'GB', 'Files', 'Cost (A$)', 42.5, 12.5]);
  });
});

describe('a typed day', () => {
  it('is read day first, and refused when there is no such day', () => {
    expect(dayOfText('05/02/2025')).toBe('2025-02-05');
    expect(dayOfText('5.2.2025')).toBe('2025-02-05');
    expect(dayOfText('29/02/2025')).toBeNull();
    expect(dayOfText('2025-02-05')).toBeNull();
    expect(dayRangeProblem('01/03/2025', '28/02/2025')).toBe('The To date is before the From date.');
  });
});

describe('how long files are kept, on /applications/addresscleanse', () => {
  it('shows the account\'s retention and saves new days for the selected account', async () => {
    renderStats('/portal/applications/addresscleanse');
    await screen.findByRole('heading', { name: 'How long files are kept' });
    expect(retentionCalls()[0].url.searchParams.get('accountId')).toBe('31');
    const uploads = screen.getByLabelText('Keep uploads (days)') as HTMLInputElement;
    expect(uploads.value).toBe('30');
    const user = userEvent.setup();
    await user.clear(uploads);
    await user.type(uploads, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: uploads are kept 7 days, results 30 days.')).toBeTruthy();
    const put = retentionCalls().find((c) => c.method === 'PUT');
    expect(put?.url.searchParams.get('accountId')).toBe('31');
    expect(put?.body).toEqual({ uploadDays: 7, resultDays: 30 });
    expect(screen.getByText(/Uploads are deleted 7 days after they arrive/)).toBeTruthy();
  });

  it('moves the dates the files are kept until in the list at once when the days change', async () => {
    files = [file(8, 'members.csv', 'paid', at('2025-07-01T00:00'))];
    renderStats('/portal/applications/addresscleanse');
    const table = await screen.findByRole('table', { name: 'Your files' });
    expect(rowsOf(table)[0][3]).toBe('01/07/2025');
    const results = screen.getByLabelText('Keep results (days)');
    const user = userEvent.setup();
    await user.clear(results);
    await user.type(results, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Your files' }))[0][3]).toBe('08/06/2025'));
  });

  it('says what is wrong under the field, in the contract\'s words, and sends nothing', async () => {
    renderStats('/portal/applications/addresscleanse');
    const results = (await screen.findByLabelText('Keep results (days)')) as HTMLInputElement;
    const user = userEvent.setup();
    await user.clear(results);
    await user.type(results, '400');
    await user.clear(screen.getByLabelText('Keep uploads (days)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(['Keep uploads a whole number of days', 'Keep results at most 365 days']);
    expect(results.getAttribute('aria-invalid')).toBe('true');
    expect(retentionCalls().some((c) => c.method === 'PUT')).toBe(false);
  });

  it('is not offered to an Australian account (file cleansing is for UK accounts)', async () => {
    renderStats('/portal/applications/addresscleanse', [], [group(40, 'organisation', [acmeAu], { name: 'Acme Oz' })]);
    await screen.findByRole('heading', { name: 'Address Cleanse: Acme Australia' });
    expect(screen.queryByRole('heading', { name: 'How long files are kept' })).toBeNull();
    expect(retentionCalls()).toHaveLength(0);
  });
});
