// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { helpTipsDisabledKey } from '../../contract/shared/helpTips';
import { labelConfigKey } from '../../src/areas/applications/addresslookup/labelStorage';
import { acmeTrading } from './servicesFixtures';
import { authUser, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// The Address Lookup page (spec section 2, Applications): the combobox of ARIA 1.2 with suggestions
// as the user types, the chosen address shown by the label configuration, a change of option asking
// for the address again with it, the configuration saved, and the meter's refusal shown as it words it.

configure({ asyncUtilTimeout: 5000 });

let calls: Call[] = [];
const suggestion = { id: '42', text: '15 Hawthorn Road, ABERDEEN, AB1 7BH', postcode: 'AB1 7BH' };

function service(refuseAutocomplete = false): Handler {
  return (c) => {
    const p = c.url.pathname;
    if (p === '/api/users/services') return ok([{ id: 1, name: 'address', description: 'Address lookup' }]);
    if (p === '/api/users/tokens/servicejwt') return ok({ jwt: 'service.jwt.token', serviceId: 1, groupId: 31, services: ['addresslookup', 'autocomplete'], expiry: 4_000_000_000 });
    if (p === '/api/plans/account/plans') return ok([{ service: 'addresslookup', remainClicks: 120 }, { service: 'autocomplete', remainClicks: 45 }]);
    if (p === '/api/autocomplete/autoc/json') {
      if (refuseAutocomplete) return { status: 402, body: { statusCode: 402, msg: 'No clicks remain on your Address autocomplete subscription: buy more in the shop' } };
      return ok({ dataset: 'uk', suggestions: [suggestion, { ...suggestion, id: '43', text: '17 Hawthorn Road, ABERDEEN, AB1 7BH' }], more: false });
    }
    if (p === '/api/address/json/uk') {
      const q = c.url.searchParams;
      const town = q.get('townFormat') === 'Lowercase' ? 'Aberdeen' : 'ABERDEEN';
      const label = q.get('labelFormat') === 'Standard' ? ['15 Hawthorn Road', town, 'AB1 7BH', '', '', '', ''] : ['15 Hawthorn Road', '', '', '', '', town, 'AB1 7BH'];
      const parts = { organisation: [], lines: ['15 Hawthorn Road'], town: 'ABERDEEN', county: '', countyRequired: false, postcode: 'AB1 7BH', postalLine: false };
      return ok({ dataset: 'uk', more: false, addresses: [{ id: q.get('id'), label, fields: {}, postcode: 'AB1 7BH', town: 'ABERDEEN', county: '', parts }] });
    }
    return undefined;
  };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
});
afterEach(cleanup);

function render(handler: Handler) {
  const rendered = renderPortal('/portal/applications/addresslookup', { user: authUser({ id: 4, userName: 'owner@example.com' }), groups: [acmeTrading], handler });
  calls = rendered.calls;
}

describe('Address Lookup', () => {
  it('suggests as the user types, chooses by keyboard, and shows the address by the default label configuration', async () => {
    render(service());
    const box = await screen.findByRole('combobox', { name: 'Address or postcode' });
    const user = userEvent.setup();
    await user.type(box, 'AB1');
    const list = await screen.findByRole('listbox', { name: 'Suggested addresses' });
    await within(list).findAllByRole('option');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    // Debounced: one call for the three keystrokes, with the service JWT and the account's dataset.
    const asked = calls.filter((c) => c.url.pathname === '/api/autocomplete/autoc/json');
    expect(asked).toHaveLength(1);
    expect(asked[0].url.searchParams.get('q')).toBe('AB1');
    expect(asked[0].url.searchParams.get('dataset')).toBe('uk');
    expect(asked[0].headers.get('authorization')).toBe('Bearer service.jwt.token');

    await user.keyboard('{ArrowDown}');
    const first = within(list).getAllByRole('option')[0];
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id);
    await user.keyboard('{Enter}');
    expect((box as HTMLInputElement).value).toBe(suggestion.text);
    await screen.findByTestId('formatted-address');
    const label = within(screen.getByTestId('formatted-address')).getAllByRole('listitem').map((li) => li.textContent);
    expect(label).toHaveLength(7);
    expect(label.slice(-2)).toEqual(['ABERDEEN', 'AB1 7BH']);
    const lookup = calls.find((c) => c.url.pathname === '/api/address/json/uk')!;
    expect(Object.fromEntries(lookup.url.searchParams)).toMatchObject({ id: '42', outputFields: '7', labelFormat: 'FixedTown', townFormat: 'Uppercase', reserverOrgLine: 'AsRequired', includeCounty: 'AsRequired' });
    await waitFor(() => expect(screen.getByTestId('clicks-left').textContent).toBe('Clicks left: 120 address lookup, 45 autocomplete'));
  });

  it('draws the label again for a changed option without a new (metered) call, and saves the configuration for the user', async () => {
    render(service());
    const user = userEvent.setup();
    await user.type(await screen.findByRole('combobox', { name: 'Address or postcode' }), 'AB1');
    await within(await screen.findByRole('listbox', { name: 'Suggested addresses' })).findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    await screen.findByTestId('formatted-address');
    await user.selectOptions(screen.getByLabelText('Label format'), 'Standard');
    await user.selectOptions(screen.getByLabelText('Town format'), 'Lowercase');
    await waitFor(() => {
      const label = within(screen.getByTestId('formatted-address')).getAllByRole('listitem').map((li) => li.textContent);
      expect(label.slice(0, 3)).toEqual(['15 Hawthorn Road', 'Aberdeen', 'AB1 7BH']);
    });
    expect(calls.filter((c) => c.url.pathname === '/api/address/json/uk')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(labelConfigKey(4, 'uk'))!)).toMatchObject({ labelFormat: 'Standard', townFormat: 'Lowercase' });
  });

  it('shows the meter refusal in its own words', async () => {
    render(service(true));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('combobox', { name: 'Address or postcode' }), 'AB1');
    expect((await screen.findByRole('alert')).textContent).toBe('No clicks remain on your Address autocomplete subscription: buy more in the shop');
  });
});
