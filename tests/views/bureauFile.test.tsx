// @vitest-environment jsdom
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { helpTipsDisabledKey } from '../../contract/shared/helpTips';
import { costs, fileResults } from '../machines/models/bureauFixtures';
import { acmeTrading } from './servicesFixtures';
import { authUser, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// /applications/addresscleanse/file/{fileId} with results made: the real router, guard, machine and
// page; the bureau calls are answered at fetch. The results read as charts with their numbers, and
// Pay sends the billing form's details (the basket's fields), not placeholders.

configure({ asyncUtilTimeout: 5000 });

let calls: Call[] = [];
const file = { id: 41, name: 'customers.csv', status: 'results', mafId: 1, failure: null, rowCount: 1000 };
const server: Handler = (call) => {
  const p = call.url.pathname;
  if (p === '/api/bureau/files/detail') return ok(file);
  if (p === '/api/bureau/files/results') return ok({ status: 'results', results: fileResults, progress: { done: 1000, total: 1000 }, failure: null });
  if (p === '/api/bureau/files/results/costs') return ok(costs);
  if (p === '/api/bureau/files/results/pay') return ok({ checkoutUrl: null, invoiceUrl: null, orderId: 9 });
  return undefined;
};

// The workflow is kept per account between renders (src/areas/bureau/useBureauFile.ts): each test opens another file.
const open = (fileId: number) => {
  calls = renderPortal(`/portal/applications/addresscleanse/file/${fileId}`, { user: authUser({ id: 4 }), groups: [acmeTrading], handler: server }).calls;
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
});
afterEach(cleanup);

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
    expect((pay.body as { companyAddress: string }).companyAddress).toMatch(/^1 High Street, .*Leeds, .*LS1 1AA$/);
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
