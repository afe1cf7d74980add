// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { helpTipsDisabledKey } from '../../contract/shared/helpTips';
import type { AuthUser } from '../../contract/users/entities';
import { alertsText, parseThresholds } from '../../src/areas/administration/services/usageAlerts';
import { acmeTrading, accountPlan, at, plansManager } from './servicesFixtures';
import { authUser, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// The "Usage alerts" control of each subscription card on /administration/services: what the card
// says, the dialog that sets the percentages, what it sends, and what it refuses before sending.

configure({ asyncUtilTimeout: 5000 });

let owner: AuthUser;
let calls: Call[] = [];
const user = () => userEvent.setup();

/** The plans manager of servicesFixtures, with alerts kept per plan as the server would. */
function withAlerts(stored: Record<number, { thresholds: number[]; sent: { threshold: number; clicksTotal: number; sentAt: number }[] }>): Handler {
  const base = plansManager({ 31: [accountPlan(), accountPlan({ planId: 8, plan: 'Email 5k', service: 'email', datasetRef: 'EMAIL' })] });
  return (call) => {
    if (call.url.pathname === '/api/plans/account/plans/alerts') {
      const planId = Number(call.url.searchParams.get('planId'));
      if (call.method === 'PUT') stored[planId] = { thresholds: (call.body as { thresholds: number[] }).thresholds, sent: [] };
      const a = stored[planId] ?? { thresholds: [], sent: [] };
      return ok({ accountId: 31, planId, ...a });
    }
    return base(call);
  };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-15T12:00'));
  owner = authUser({ id: 4, userName: 'owner@example.com' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('usage alert thresholds as typed', () => {
  it('reads commas, spaces and percent signs, sorted; refuses what the server would', () => {
    expect(parseThresholds('80, 50 100%')).toEqual({ thresholds: [50, 80, 100] });
    expect(parseThresholds('  ')).toEqual({ thresholds: [] });
    expect(parseThresholds('0')).toEqual({ problem: '"0" is not a whole percentage from 1 to 100' });
    expect(parseThresholds('101')).toEqual({ problem: '"101" is not a whole percentage from 1 to 100' });
    expect(parseThresholds('50.5')).toEqual({ problem: '"50.5" is not a whole percentage from 1 to 100' });
    expect(parseThresholds('50, 50')).toEqual({ problem: '50% is given twice' });
    expect(parseThresholds('1 2 3 4 5 6 7 8 9 10 11')).toEqual({ problem: 'At most 10 thresholds' });
    expect(alertsText([100, 50, 80])).toBe('The owners are emailed at 50%, 80% and 100% of the clicks used.');
  });
});

describe('the Usage alerts control of a subscription card', () => {
  it('shows the alerts of each subscription and the crossings already mailed', async () => {
    const stored = { 7: { thresholds: [50, 80], sent: [{ threshold: 50, clicksTotal: 10_000, sentAt: at('2025-06-10T12:00') }] } };
    calls = renderPortal('/portal/administration/services', { user: owner, groups: [acmeTrading], handler: withAlerts(stored) }).calls;
    const lookup = await screen.findByRole('article', { name: 'Address Lookup 10k' });
    expect(within(lookup).getByText('Usage alerts.').closest('p')!.textContent).toBe('Usage alerts. The owners are emailed at 50% and 80% of the clicks used.');
    const email = screen.getByRole('article', { name: 'Email 5k' });
    expect(within(email).getByText('Usage alerts.').closest('p')!.textContent).toBe('Usage alerts. No usage alerts.');
    expect(within(email).getByRole('button', { name: 'Set alerts', description: 'Email 5k' })).toBeTruthy();
    await user().click(within(lookup).getByRole('button', { name: 'Change alerts', description: 'Address Lookup 10k' }));
    const dialog = screen.getByRole('dialog', { name: 'Usage alerts of Address Lookup 10k' });
    expect(within(dialog).getByLabelText('Alert at (% of the clicks used)')).toHaveProperty('value', '50, 80');
    expect(dialog.textContent).toContain('Already sent for the current bundles: 50% (last on 10/06/2025).');
  });

  it('saves the thresholds typed, and the card says them', async () => {
    const stored = {};
    calls = renderPortal('/portal/administration/services', { user: owner, groups: [acmeTrading], handler: withAlerts(stored) }).calls;
    const email = await screen.findByRole('article', { name: 'Email 5k' });
    await user().click(within(email).getByRole('button', { name: 'Set alerts' }));
    const dialog = screen.getByRole('dialog', { name: 'Usage alerts of Email 5k' });
    await user().type(within(dialog).getByLabelText('Alert at (% of the clicks used)'), '90, 75%');
    await user().click(within(dialog).getByRole('button', { name: 'Save alerts' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.filter((c) => c.method === 'PUT' && c.url.pathname === '/api/plans/account/plans/alerts');
    expect(put).toHaveLength(1);
    expect(put[0].url.searchParams.get('accountId')).toBe('31');
    expect(put[0].url.searchParams.get('planId')).toBe('8');
    expect(put[0].body).toEqual({ thresholds: [75, 90] });
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Email 5k' })).getByText('Usage alerts.').closest('p')!.textContent).toBe(
        'Usage alerts. The owners are emailed at 75% and 90% of the clicks used.',
      ),
    );
    expect(screen.getByRole('status').textContent).toBe('Usage alerts of Email 5k saved.');
  });

  it('says what is wrong with the thresholds and sends nothing', async () => {
    calls = renderPortal('/portal/administration/services', { user: owner, groups: [acmeTrading], handler: withAlerts({}) }).calls;
    const email = await screen.findByRole('article', { name: 'Email 5k' });
    await user().click(within(email).getByRole('button', { name: 'Set alerts' }));
    const dialog = screen.getByRole('dialog', { name: 'Usage alerts of Email 5k' });
    const field = within(dialog).getByLabelText('Alert at (% of the clicks used)');
    await user().type(field, '50, 120');
    await user().click(within(dialog).getByRole('button', { name: 'Save alerts' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('"120" is not a whole percentage from 1 to 100');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
