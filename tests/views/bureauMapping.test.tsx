// @vitest-environment jsdom
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { helpTipsDisabledKey } from '../../contract/shared/helpTips';
import { fields } from '../machines/models/bureauFixtures';
import { acmeTrading } from './servicesFixtures';
import { authUser, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// /applications/addresscleanse/file/{fileId}/updatefields: the real router, guard, machine and page;
// PUT /files/inputfields answers as the server words a refusal (server/http/errors.ts).

configure({ asyncUtilTimeout: 5000 });

let calls: Call[] = [];
let refusal = '';
const server: Handler = (call) => {
  const p = call.url.pathname;
  const fileId = Number(call.url.searchParams.get('fileId'));
  if (p === '/api/bureau/files/detail') return ok({ id: fileId, name: 'customers.csv', status: 'mapping', mafId: 1, failure: null, rowCount: 1000 });
  if (p === '/api/bureau/files/inputfields' && call.method === 'GET') return ok(fields);
  if (p === '/api/bureau/files/inputfields') return { status: 400, body: { statusCode: 400, msg: refusal } };
  return undefined;
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
});
afterEach(cleanup);

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!;

describe('a mapping the server refuses', () => {
  it("says what is wrong next to the column it concerns, in the customer's words, with no schema path", async () => {
    refusal = 'mappingOrder: Must be at most 20 (item 2)';
    calls = renderPortal('/portal/applications/addresscleanse/file/71/updatefields', { user: authUser({ id: 4 }), groups: [acmeTrading], handler: server }).calls;
    const user = userEvent.setup();
    const order = await screen.findByLabelText('Order of Address 1');
    await user.clear(order);
    await user.type(order, '25');
    await user.click(screen.getByRole('button', { name: 'Save and choose the properties' }));
    const alert = await screen.findByRole('alert');
    expect(calls.some((c) => c.method === 'PUT')).toBe(true);
    expect(alert.textContent).toBe('Some columns need a change: see the message under each column name');
    expect(within(rowOf('Address 1')).getByRole('rowheader').textContent).toBe('Address 1Give the order as a whole number from 0 to 20');
    expect(order.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(order.getAttribute('aria-describedby')!)?.textContent).toBe('Give the order as a whole number from 0 to 20');
    expect(within(rowOf('Name')).getByRole('rowheader').textContent).toBe('Name');
    expect(document.body.textContent).not.toMatch(/mappingOrder|item 2/);
  });

  it('names the columns mapped twice to a type only one column may hold', async () => {
    refusal = 'Map one column to town: join the others into it or ignore them';
    calls = renderPortal('/portal/applications/addresscleanse/file/72/updatefields', { user: authUser({ id: 4 }), groups: [acmeTrading], handler: server }).calls;
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('What Address 1 holds'), 'Town');
    await user.click(screen.getByRole('button', { name: 'Save and choose the properties' }));
    await screen.findByRole('alert');
    const twice = 'Only one column can hold the Town: join the others into it or set them to Ignore';
    expect(within(rowOf('Address 1')).getByRole('rowheader').textContent).toBe(`Address 1${twice}`);
    expect(within(rowOf('Town')).getByRole('rowheader').textContent).toBe(`Town${twice}`);
    expect(within(rowOf('Postcode')).getByRole('rowheader').textContent).toBe('Postcode');
  });
});
