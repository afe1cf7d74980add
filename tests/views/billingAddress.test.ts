import { describe, expect, it } from 'vitest';
import { billingAddressOf } from '../../src/shared/BillingFields';

// The billing address a payment form starts with (the basket, a bureau file's results).

const sydney = { address1: '1 George Street', town: 'Sydney', county: 'NSW', postcode: '2000', country: 'Australia' };
const london = { address1: '1 Example Street', town: 'London', postcode: 'EC1A 1AA', country: 'United Kingdom' };

describe('billingAddressOf', () => {
  it('bills an account with no address of its own in its own country, not its organisation\'s', () => {
    const account = { territory: 'australia' as const, country: 'Australia' };
    const organisation = { country: 'United Kingdom' };
    expect(billingAddressOf(account, organisation, null).country).toBe('Australia');
    expect(billingAddressOf({ territory: 'australia' }, organisation, null).country).toBe('Australia');
    expect(billingAddressOf({ territory: 'uk' }, null, null).country).toBe('United Kingdom');
  });

  it('takes the account\'s address, else the organisation\'s, else the user\'s', () => {
    expect(billingAddressOf({ territory: 'australia', ...sydney }, london, null)).toMatchObject({ address1: '1 George Street', town: 'Sydney', country: 'Australia' });
    expect(billingAddressOf({ territory: 'uk' }, london, null)).toMatchObject({ address1: '1 Example Street', postcode: 'EC1A 1AA', country: 'United Kingdom' });
    expect(billingAddressOf({ territory: 'australia' }, null, { address1: '5 Pitt Street', town: 'Sydney', postcode: '2000' }))
      .toEqual({ address1: '5 Pitt Street', address2: '', address3: '', address4: '', town: 'Sydney', county: '', postcode: '2000', country: 'Australia' });
  });
});
