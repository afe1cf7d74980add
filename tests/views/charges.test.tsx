// @vitest-environment jsdom
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { blockedMessages } from '../../contract/shared/messages';
import type { Group } from '../../contract/groups/entities';
import type { AuthUser } from '../../contract/users/entities';
import { chargeRows, paidPerDay, paidTotals, readFilters } from '../../src/areas/charges/chargesText';
import { charge } from './billingFixtures';
import { acmeTrading, at } from './servicesFixtures';
import { authUser, ok, renderPortal, type Call, type Handler, freshPageEachTest } from './support/renderPortal';

// /charges (staff): the real router, guard and view; GET /charges is answered at fetch.

configure({ asyncUtilTimeout: 5000 });

let calls: Call[] = [];
const chargeCalls = () => calls.filter((c) => c.url.pathname === '/api/plans/charges');
const user = () => userEvent.setup();

const charges = [
  charge(5, { createdAt: at('2025-06-04T09:00'), paidAt: at('2025-06-04T09:01') }),
  charge(4, { territory: 'australia', net: 10_000, tax: 1_000, total: 11_000, invoiceNumber: 'AU-000001', createdAt: at('2025-06-03T11:00'), paidAt: at('2025-06-03T11:00') }),
  charge(3, { status: 'declined', failure: 'Your card was declined.', invoiceNumber: null, invoiceId: null, paidAt: null }),
  charge(2),
];
const server: Handler = (call) => (call.url.pathname === '/api/plans/charges' ? ok(charges) : undefined);

function renderCharges(path: string, as: AuthUser, groups: Group[] = []) {
  const rendered = renderPortal(path, { user: as, groups, handler: server });
  calls = rendered.calls;
  return rendered;
}

freshPageEachTest();

describe('/charges', () => {
  it('lists every order with its money in its own currency, and totals what was paid per currency', async () => {
    renderCharges('/portal/charges', authUser({ id: 3, userName: 'sales@example.com', roles: ['sales'] }));
    const table = await screen.findByRole('table', { name: 'Orders (4)' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows[0]).toEqual(['5', '04/06/2025', 'Shop', 'Paid', 'Acme Trading', 'owner@example.com', '£50.00', '£10.00 VAT', '£60.00', 'UK-000005', '']);
    expect(rows[1].slice(6, 10)).toEqual(['A$100.00', 'A$10.00 GST', 'A$110.00', 'AU-000001']);
    expect(rows[2][3]).toBe('Declined');
    expect(rows[2][10]).toBe('Your card was declined.');
    expect(screen.getByTestId('paid-total-uk').textContent).toContain('2 paid orders');
    expect(screen.getByTestId('paid-total-uk').textContent).toContain('£120.00 (£100.00 net + £20.00 VAT)');
    expect(screen.getByTestId('paid-total-australia').textContent).toContain('A$110.00');
    expect(screen.getByRole('img', { name: /Paid totals per day and territory, 03\/06\/2025 to 04\/06\/2025/ })).toBeTruthy();
  });

  it('sends the filters in the address as the query, the To day included', async () => {
    renderCharges('/portal/charges?from=2025-06-01&to=2025-06-04&status=paid&territory=uk', authUser({ id: 2, userName: 'admin@example.com', roles: ['admin'] }));
    await screen.findByRole('table', { name: 'Orders (4)' });
    const query = Object.fromEntries(chargeCalls()[0].url.searchParams);
    expect(query).toEqual({ fromDate: String(at('2025-06-01T00:00')), toDate: String(at('2025-06-05T00:00') - 1), status: 'paid', territory: 'uk' });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('paid');
  });

  it('applies the filters chosen and clears them', async () => {
    const { router } = renderCharges('/portal/charges', authUser({ id: 3, userName: 'sales@example.com', roles: ['sales'] }));
    await screen.findByRole('table', { name: 'Orders (4)' });
    await user().selectOptions(screen.getByLabelText('Status'), 'Declined');
    await user().selectOptions(screen.getByLabelText('Territory'), 'Australia');
    await user().click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'declined', territory: 'australia' }));
    await waitFor(() => expect(chargeCalls().at(-1)?.url.searchParams.get('status')).toBe('declined'));
    await user().click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('says which filter in the address it could not use', async () => {
    renderCharges('/portal/charges?from=2025-02-30&status=lost', authUser({ id: 3, userName: 'sales@example.com', roles: ['sales'] }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'The From date is not a day (yyyy-mm-dd): it is left out.',
      'There is no status “lost”: every status is shown.',
    ]);
    expect(Object.fromEntries(chargeCalls()[0].url.searchParams)).toEqual({});
  });

  it('is refused to a customer with the spec\'s message', async () => {
    renderCharges('/portal/charges', authUser({ id: 4, userName: 'owner@example.com' }), [acmeTrading]);
    expect(await screen.findByText(blockedMessages.notThroughAccount)).toBeTruthy();
    expect(chargeCalls()).toHaveLength(0);
  });

  it('is linked from the account search', async () => {
    renderCharges('/portal/search', authUser({ id: 3, userName: 'sales@example.com', roles: ['sales'] }));
    expect((await screen.findByRole('link', { name: 'Charges' })).getAttribute('href')).toBe('/portal/charges');
  });
});

describe('the charges arithmetic', () => {
  it('never adds pounds to dollars', () => {
    expect(paidTotals(charges)).toEqual([
      { territory: 'uk', count: 2, net: 10_000, tax: 2_000, total: 12_000 },
      { territory: 'australia', count: 1, net: 10_000, tax: 1_000, total: 11_000 },
    ]);
  });

  it('charts every day from the first payment to the last, in pounds and dollars', () => {
    const series = paidPerDay([charge(1, { paidAt: at('2025-06-01T10:00') }), charge(2, { paidAt: at('2025-06-03T10:00') })]);
    expect(series.days).toEqual(['01/06/2025', '02/06/2025', '03/06/2025']);
    expect(series.series).toEqual([{ label: 'UK (£)', values: [60, 0, 60] }]);
  });

  it('exports money in major units with its currency', () => {
    const rows = chargeRows([charges[1]]);
    expect(rows[0]).toEqual(['Order', 'Date', 'Kind', 'Status', 'Organisation', 'User', 'Currency', 'Net', 'Tax', 'Total', 'Invoice', 'Failure']);
    expect(rows[1].slice(6)).toEqual(['AUD', 100, 10, 110, 'AU-000001', '']);
  });

  it('refuses a range that ends before it starts', () => {
    expect(readFilters({ from: '2025-06-10', to: '2025-06-01' }).problems).toEqual(['The To date is before the From date: the range is left out.']);
  });
});
