// @vitest-environment jsdom
import { cleanup, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { helpTipsDisabledKey } from '../../contract/shared/helpTips';
import { group } from '../machines/models/groupFixtures';
import { authUser, ok, renderPortal, type Handler } from './support/renderPortal';

// /applications/paymentvalidation: the form, the result in words, the clicks left, the meter's
// refusal on the page, and the territory guard with the spec's words.

configure({ asyncUtilTimeout: 5000 });

const acmeUk = group(31, 'account', [], { name: 'Acme UK' });
const ukOrg = group(30, 'organisation', [acmeUk], { name: 'Acme Trading' });
const acmeAu = group(32, 'account', [], { name: 'Acme Australia', territory: 'australia' });
const auOrg = group(33, 'organisation', [acmeAu], { name: 'Acme Pacific', territory: 'australia' });

const result = (over: Record<string, unknown> = {}) => ({
  dataset: 'BANK-UK', country: 'GB', sortCode: '08-99-99', accountNumber: '66374958', status: 'valid', valid: true, tableVersion: '8.50',
  institution: null, reasons: ['The account number passes the Vocalink modulus check for this sort code'], clicksLeft: 1899, ...over,
});

function bank(answer: (body: { sortCode: string }) => { status: number; body: unknown }): Handler {
  return (call) => {
    const p = call.url.pathname;
    if (p === '/api/users/services') return ok([{ id: 3, name: 'bankcode', description: 'Bank code validation' }]);
    if (p === '/api/users/tokens/servicejwt') return ok({ jwt: 'service-jwt', serviceId: 3, groupId: 31, services: ['bankcode'], expiry: Math.floor(Date.now() / 1000) + 300 });
    if (p === '/api/bank/validate') {
      expect(call.headers.get('authorization')).toBe('Bearer service-jwt');
      return answer(call.body as { sortCode: string });
    }
    return undefined;
  };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
});
afterEach(cleanup);

describe('Payment Validation', () => {
  it('checks a sort code and account number and says the answer in words, with the clicks left', async () => {
    const { calls } = renderPortal('/portal/applications/paymentvalidation', {
      user: authUser(), groups: [ukOrg],
      handler: bank((body) => ok(body.sortCode === '938063' ? result({ sortCode: '93-80-63', accountNumber: '15763217', status: 'invalid', valid: false, reasons: ['fails'], clicksLeft: 1898 }) : result())),
    });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Sort code'), '08-99-99');
    await u.type(screen.getByLabelText('Account number'), '66374958');
    await u.click(screen.getByRole('button', { name: 'Check account' }));
    expect(await screen.findByText('Valid: sort code 08-99-99, account 66374958 passes the modulus check')).toBeTruthy();
    expect(screen.getByTestId('clicks-left').textContent).toBe('1,899');
    expect(screen.getByText('Vocalink modulus table version 8.50.')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/bank/validate')?.body).toEqual({ sortCode: '08-99-99', accountNumber: '66374958', dataset: 'BANK-UK' });

    await u.clear(screen.getByLabelText('Sort code'));
    await u.type(screen.getByLabelText('Sort code'), '938063');
    await u.click(screen.getByRole('button', { name: 'Check account' }));
    expect(await screen.findByText('Invalid: sort code 93-80-63, account 15763217 fails the modulus check')).toBeTruthy();
  });

  it('says when the sort code is not in the table', async () => {
    renderPortal('/portal/applications/paymentvalidation', {
      user: authUser(), groups: [ukOrg],
      handler: bank(() => ok(result({ sortCode: '00-00-00', status: 'notInTable', valid: null, reasons: ['The modulus check cannot say whether this branch exists'] }))),
    });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Sort code'), '000000');
    await u.type(screen.getByLabelText('Account number'), '12345678');
    await u.click(screen.getByRole('button', { name: 'Check account' }));
    expect(await screen.findByText('Cannot say: sort code 00-00-00 is not in the Vocalink table')).toBeTruthy();
    expect(screen.getByText('The modulus check cannot say whether this branch exists')).toBeTruthy();
  });

  it('shows the meter\'s refusal on the page, with no Error modal', async () => {
    renderPortal('/portal/applications/paymentvalidation', {
      user: authUser(), groups: [ukOrg],
      handler: bank(() => ({ status: 402, body: { statusCode: 402, msg: 'No clicks remain on your Bank code validation subscription: buy more in the shop' } })),
    });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Sort code'), '089999');
    await u.type(screen.getByLabelText('Account number'), '66374958');
    await u.click(screen.getByRole('button', { name: 'Check account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to check the account: No clicks remain on your Bank code validation subscription: buy more in the shop');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses an Australian account with the spec\'s words', async () => {
    renderPortal('/portal/applications/paymentvalidation', { user: authUser({ territory: 'australia' }), groups: [auOrg] });
    // territoriesAllowed refuses with the spec's first "Oops!" message (src/routing/guards.ts).
    expect(await screen.findByText('This page is not currently available while using this account. Please switch to another account or return home.')).toBeTruthy();
  });
});
