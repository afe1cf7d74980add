// @vitest-environment jsdom
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { helpTipsDisabledKey } from '../../contract/shared/helpTips';
import { costs, fileResults, settingsData, testResults } from '../machines/models/bureauFixtures';
import { acmeTrading } from './servicesFixtures';
import { authUser, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// /applications/addresscleanse/file/{fileId} with results made: the real router, guard, machine and
// page; the bureau calls are answered at fetch. The results read as charts with their numbers, and
// Pay sends the billing form's details (the basket's fields), not placeholders.

configure({ asyncUtilTimeout: 5000 });

let calls: Call[] = [];
const file = { id: 41, name: 'customers.csv', status: 'results', mafId: 1, failure: null, rowCount: 1000 };
const paidIds = new Set([51]);
const readyIds = new Set([61]);
const billing = { name: 'Olivia Owner', company: 'Acme Trading', email: 'olivia@example.com', address1: '7 Mill Lane', address2: 'Headingley', address3: '', address4: '', town: 'Leeds', county: '', postcode: 'LS6 2AB', country: 'United Kingdom' };
const declinedOrder = {
  orderId: 9, kind: 'bureau', status: 'declined', territory: 'uk', organisationId: 1, organisationName: 'Acme', userId: 4, userEmail: 'olivia@example.com',
  net: 1238, tax: 248, total: 1486, failure: 'Your card was declined.', invoiceNumber: null, invoiceId: null, lines: [], billing, createdAt: 1_795_000_000, paidAt: null,
};
const receipt = { results: fileResults, costs, invoiceNumber: 'UK-000042', invoiceUrl: 'http://localhost/api/plans/payment/invoice/view?invoiceId=42&sig=ab', paidAt: 1_795_000_000, expiresAt: 1_797_592_000 };
const server: Handler = (call) => {
  const p = call.url.pathname;
  const fileId = Number(call.url.searchParams.get('fileId'));
  if (p === '/api/bureau/files/detail') return ok(paidIds.has(fileId) ? { ...file, id: fileId, status: 'paid' } : readyIds.has(fileId) ? { ...file, id: fileId, status: 'ready' } : file);
  if (p === '/api/bureau/files/testresults') return ok(tested);
  if (p === '/api/bureau/files/results/receipt') return ok(receipt);
  if (p === '/api/bureau/files/results/fileid') return ok({ fileServerId: 'fedcba9876543210fedcba9876543210', fileName: 'AddressCleanseResults.zip' });
  if (p === '/api/plans/shop/order') return ok(declinedOrder);
  const { options } = settingsData;
  if (p === '/api/bureau/mafs') return ok(options.mafs);
  if (p === '/api/bureau/dedupelevels') return ok(options.dedupeLevels);
  if (p === '/api/bureau/suppressiontypes') return ok(options.suppressionTypes);
  if (p === '/api/bureau/suppressionsettings') return ok(options.byMaf[1].suppression);
  if (p === '/api/bureau/outputgroups') return ok(options.byMaf[1].outputGroups);
  if (p === '/api/bureau/outputfields') return ok(options.byMaf[1].outputFields);
  if (p === '/api/bureau/files/prices') return ok(options.prices);
  if (p === '/api/bureau/files/results') return ok({ status: 'results', results: fileResults, progress: { done: 1000, total: 1000 }, failure: null });
  if (p === '/api/bureau/files/results/costs') return ok(costs);
  if (p === '/api/bureau/files/discardresults') return ok({ ...file, status: 'discarded' });
  if (p === '/api/bureau/files/results/pay') return ok({ checkoutUrl: null, invoiceUrl: null, orderId: 9 });
  return undefined;
};

// The free test: a premise match, and a row placed on its street only because the house is not on it.
const tested = {
  ...testResults,
  rows: [
    { ...testResults.rows[0], line: 2, matchLevel: 'premise', matchReason: null },
    {
      ...testResults.rows[0], line: 1742, before: ['7 Church Court', 'Cannock', 'WS26 9HZ'], matchCode: 'unmatched', matchLevel: 'street', matchReason: 'premiseNotFound', changed: [],
      after: { organisation: '', name: '', lines: ['7 Church Court'], town: 'CANNOCK', county: '', postcode: 'WS26 9HZ' },
    },
  ],
};

// Each test renders a portal of its own, and with it the account's workflow (src/areas/bureau/useBureauFile.ts); each opens another file.
const open = (fileId: number, search = '') => {
  calls = renderPortal(`/portal/applications/addresscleanse/file/${fileId}${search}`, { user: authUser({ id: 4 }), groups: [acmeTrading], handler: server }).calls;
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
});
afterEach(cleanup);

describe('the free test', () => {
  it('gives the reason next to the match code of a row not matched to a premise, in the customer\'s words', async () => {
    open(61);
    const table = await screen.findByRole('table', { name: 'Rows before and after' });
    const [, premise, street] = within(table).getAllByRole('row');
    expect(within(street).getAllByRole('cell').at(-1)?.textContent).toBe('unmatchedStreet found; that house number or name is not on it in the reference data');
    expect(within(premise).getAllByRole('cell').at(-1)?.textContent).toBe('updated');
  });
});

describe('a file whose results are made', () => {
  it('shows its statistics as bar charts with the numbers and shares written out', async () => {
    open(41);
    const coding = await screen.findByRole('figure', { name: 'Coding' });
    expect(within(coding).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Matched850 (85.0%)', 'Updated100 (10.0%)', 'Unmatched50 (5.0%)']);
    const suppression = screen.getByRole('figure', { name: 'Suppression' });
    expect(within(suppression).getByText('Deceased: removed')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Address fields updated' }).textContent).toContain('Postcode60 (6.0%)');
    expect(screen.queryByRole('figure', { name: 'Deduplication' })).toBeNull();
  });

  it('shows the cost in pounds and pays with the billing form\'s details', async () => {
    open(42);
    const form = await screen.findByRole('form', { name: 'Buy the results' });
    expect(screen.getByTestId('results-total').textContent).toBe('£14.86');
    const user = userEvent.setup();
    const type = async (label: string, text: string) => {
      const input = within(form).getByLabelText(label);
      await user.clear(input);
      if (text) await user.type(input, text);
    };
    await type('Name', 'Olivia Owner');
    await type('Company', 'Acme Trading');
    await type('Email', 'olivia@example.com');
    await type('Address line 1', '1 High Street');
    await type('Address line 2', '');
    await type('Town', 'Leeds');
    await type('Postcode', 'LS1 1AA');
    await user.click(within(form).getByRole('button', { name: 'Pay £14.86' }));
    const pay = await waitForCall('/api/bureau/files/results/pay');
    expect(pay.body).toMatchObject({ name: 'Olivia Owner', email: 'olivia@example.com', companyName: 'Acme Trading', country: 'United Kingdom', territory: 'uk' });
    expect((pay.body as { companyAddress: string }).companyAddress).toMatch(/^1 High Street\n\n[^\n]*\n[^\n]*\nLeeds\n[^\n]*\nLS1 1AA$/);
  });
});

describe('the billing form', () => {
  it('marks the fields a payment needs, and says what is missing under each field in the customer\'s words, with no dialog and no call', async () => {
    open(43);
    const form = await screen.findByRole('form', { name: 'Buy the results' });
    const required = ['Name', 'Email', 'Address line 1', 'Town', 'Postcode', 'Country'];
    for (const label of required) expect(within(form).getByLabelText(label).getAttribute('aria-required'), label).toBe('true');
    expect(within(form).getByLabelText('Company').getAttribute('aria-required')).toBeNull();
    expect(within(form).getAllByText('Required')).toHaveLength(required.length);
    const user = userEvent.setup();
    for (const label of ['Name', 'Address line 1', 'Town', 'Postcode']) await user.clear(within(form).getByLabelText(label));
    await user.click(within(form).getByRole('button', { name: 'Pay £14.86' }));
    const town = within(form).getByLabelText('Town');
    expect(town.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(town.getAttribute('aria-describedby')!)?.textContent).toBe('Town is required');
    expect(within(form).getByText('Your name is required')).toBeTruthy();
    expect(within(form).getByText('Postcode is required')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText('Name'));
    expect(document.body.textContent).not.toMatch(/companyAddress|address1/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/bureau/files/results/pay')).toBe(false);
  });

  it('shows each price line before the total', async () => {
    open(44);
    const list = await screen.findByLabelText('Price lines');
    expect(within(list).getByText('Address cleanse').nextSibling?.textContent).toBe('£12.38');
    expect(within(list).getByText('VAT at 20%').nextSibling?.textContent).toBe('£2.48');
  });
});

describe('back from the gateway without paying', () => {
  it('says the card was declined in an alert and keeps the billing details that payment was given', async () => {
    open(45, '?payment=declined&orderId=9&fileId=45');
    const alert = await screen.findByText(/Your card was declined/);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(alert.className).toContain('alert');
    const form = screen.getByRole('form', { name: 'Buy the results' });
    expect((within(form).getByLabelText('Address line 1') as HTMLInputElement).value).toBe('7 Mill Lane');
    expect((within(form).getByLabelText('Postcode') as HTMLInputElement).value).toBe('LS6 2AB');
    expect((within(form).getByLabelText('Company') as HTMLInputElement).value).toBe('Acme Trading');
  });

  it('says a cancelled payment was cancelled', async () => {
    open(46, '?payment=cancelled&orderId=9&fileId=46');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^You cancelled the payment\. Nothing was charged/);
  });
});

describe('a file whose results are paid for', () => {
  it('shows the statistics, the amount paid with its invoice, and until when the results are kept, beside the download', async () => {
    open(51);
    const paid = await screen.findByRole('heading', { name: 'What you paid' });
    const section = paid.closest('section')!;
    expect(within(section).getByTestId('results-total').textContent).toBe('£14.86');
    expect(within(section).getByRole('link', { name: 'View invoice UK-000042' }).getAttribute('href')).toBe(receipt.invoiceUrl);
    expect(screen.getByTestId('results-kept').textContent).toBe('The results can be downloaded until 18/12/2026; after that they are deleted.');
    expect(screen.getByRole('figure', { name: 'Coding' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Download AddressCleanseResults.zip' })).toBeTruthy();
    const asked = calls.find((c) => c.url.pathname === '/api/bureau/files/results/receipt');
    expect(asked?.url.searchParams.get('backUrl')).toMatch(/\/portal\/applications\/addresscleanse\/file\/51$/);
  });
});

describe('discarding the results', () => {
  it('asks first: Keep them leaves them; Yes discards them', async () => {
    open(47);
    const form = await screen.findByRole('form', { name: 'Buy the results' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Discard the results' }));
    const question = within(form).getByRole('group', { name: /^Discard the results\?/ });
    expect(calls.some((c) => c.url.pathname === '/api/bureau/files/discardresults')).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Keep them' }));
    expect(within(form).queryByRole('group', { name: /^Discard the results\?/ })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/bureau/files/discardresults')).toBe(false);
    await user.click(within(form).getByRole('button', { name: 'Discard the results' }));
    await user.click(within(form).getByRole('button', { name: 'Yes, discard the results' }));
    expect(await screen.findByText('The results were discarded.')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/bureau/files/discardresults')).toHaveLength(1);
  });
});

describe('the properties page', () => {
  it('shows the price lines of the settings as they stand, and what screening adds beside the suppression setting', async () => {
    calls = renderPortal('/portal/applications/addresscleanse/file/61/properties', { user: authUser({ id: 4 }), groups: [acmeTrading], handler: (c) => (c.url.pathname === '/api/bureau/files/detail' ? ok({ ...file, id: 61, status: 'ready', mafId: null, usePAF: true, dedupeLevel: null, separateFile: false, suppression: [], outputGroupIds: [] }) : server(c)) }).calls;
    const list = await screen.findByLabelText('Price lines');
    const lines = () => within(list).getAllByRole('term').map((dt) => `${dt.textContent}: ${dt.nextSibling?.textContent}`);
    // 1,000 records: cleanse £5.00 + 0.5p each; PAF 0.35p per matched record; screening £2.50 + 0.2p each (the list's default is Suppress).
    expect(lines()).toEqual(['Address cleanse: £10.00', 'PAF addresses: £0.00 to £3.50', 'Suppression screening: £4.50', 'Total before VAT: £14.50 to £18.00']);
    expect(screen.getByTestId('screening-fee').textContent).toBe('Screening against any list set to Flag or Suppress adds £2.50 + 0.2p per record. Set every list to Off to leave it out.');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Deceased register'), 'Off');
    await user.click(screen.getByLabelText('Use PAF'));
    await user.selectOptions(screen.getByLabelText('Deduplication'), 'Address');
    expect(lines()).toEqual(['Address cleanse: £10.00', 'Deduplication: £1.00', 'Total before VAT: £11.00']);
  });
});

async function waitForCall(path: string): Promise<Call> {
  for (let i = 0; i < 50; i++) {
    const found = calls.find((c) => c.url.pathname === path);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no call to ${path}`);
}
