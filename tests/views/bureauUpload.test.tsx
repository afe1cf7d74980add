// @vitest-environment jsdom
import { cleanup, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyFileMessage } from '../../contract/shared/bureau';
import { helpTipsDisabledKey } from '../../contract/shared/helpTips';
import { acmeTrading } from './servicesFixtures';
import { authUser, renderPortal, type Call } from './support/renderPortal';

// /applications/addresscleanse/upload: the real router, guard, machines and page; any bureau call
// would be seen at fetch.

configure({ asyncUtilTimeout: 5000 });

let calls: Call[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
});
afterEach(cleanup);

describe('an empty file', () => {
  it('is refused before anything is sent, in the customer\'s words, with a way to choose another file and no Try again', async () => {
    calls = renderPortal('/portal/applications/addresscleanse/upload', { user: authUser({ id: 4 }), groups: [acmeTrading], handler: () => undefined }).calls;
    const picker = (await screen.findByLabelText('File to cleanse (CSV or delimited text)')) as HTMLInputElement;
    const user = userEvent.setup();
    const before = calls.length;
    await user.upload(picker, new File([], 'customers.csv', { type: 'text/csv' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`customers.csv: ${emptyFileMessage}`);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(calls.slice(before).map((c) => c.url.pathname), 'nothing is sent').toEqual([]);
    let opened = false;
    picker.addEventListener('click', () => (opened = true));
    await user.click(screen.getByRole('button', { name: 'Choose another file' }));
    expect(opened).toBe(true);
    expect(picker.disabled).toBe(false);
  });
});
