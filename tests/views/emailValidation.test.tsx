// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { helpTipsDisabledKey } from '../../contract/shared/helpTips';
import { emailClassMeanings, emailNotCheckedTexts, emailReasonTexts } from '../../contract/shared/email';
import { meterRefusals } from '../../server/platform/meterRules';
import { group } from '../machines/models/groupFixtures';
import { accountPlan, acmeTrading } from './servicesFixtures';
import { createInspectionHub } from '../../src/app/inspection';
import { authUser, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// /applications/emailvalidation: the real router and view; the user server, plans manager and email
// service answered at fetch (the engine's own answers are tested in tests/engines and tests/server).

configure({ asyncUtilTimeout: 5000 });

const verdict = (email: string, over: Record<string, unknown> = {}) => ({
  id: `id${email.replace(/[^a-z]/g, '').padEnd(20, 'x')}`,
  checkedAt: Date.parse('2025-06-11T10:30:00Z') / 1000,
  email,
  normalised: email,
  result: 'valid',
  reasons: ['mx_found'],
  syntaxError: null,
  local: email.split('@')[0],
  domain: email.split('@')[1],
  mx: [{ exchange: 'mx1.example.com', priority: 10 }],
  disposable: false,
  role: false,
  free: false,
  suggestion: null,
  notChecked: ['smtp_mailbox', 'catch_all'],
  ...over,
});

let calls: Call[] = [];
let clicks = 40;
let refuse = false;
const server: Handler = (call) => {
  const path = call.url.pathname;
  if (path === '/api/users/services') return ok([{ id: 2, name: 'email', description: 'Email validation' }]);
  if (path === '/api/users/tokens/servicejwt') return ok({ jwt: 'service-jwt', serviceId: 2, groupId: 31, services: ['email'], expiry: 4_000_000_000 });
  if (path === '/api/plans/account/plans') return ok([accountPlan({ planId: 8, plan: 'Email 5k', service: 'email', remainClicks: clicks })]);
  if (path === '/api/email/verify' && call.method === 'POST') {
    if (refuse) return { status: 402, body: { msg: meterRefusals.noClicks('email'), statusCode: 402 } };
    clicks -= 1;
    const email = (call.body as { email: string }).email;
    if (email === 'jane@gmial.com') return ok(verdict(email, { result: 'invalid', reasons: ['domain_not_found', 'possible_typo'], mx: [], suggestion: 'jane@gmail.com' }));
    return ok(verdict(email, { free: true, reasons: ['mx_found', 'free_provider'] }));
  }
  if (path.startsWith('/api/email/verify/')) return ok(verdict('jane@gmial.com', { result: 'invalid', reasons: ['domain_not_found', 'possible_typo'], mx: [], suggestion: 'jane@gmail.com' }));
  return undefined;
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
  clicks = 40;
  refuse = false;
});
afterEach(() => cleanup());

async function check(address: string) {
  fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: address } });
  fireEvent.click(screen.getByRole('button', { name: 'Check' }));
}

describe('the email validation page', () => {
  it('checks an address with a service JWT, shows the class in words, the reasons, what was not checked and the clicks left', async () => {
    calls = renderPortal('/portal/applications/emailvalidation', { user: authUser(), groups: [acmeTrading], handler: server }).calls;
    expect(await screen.findByText('40 clicks left')).toBeTruthy();
    await check('jane@gmial.com');
    const result = await screen.findByRole('region', { name: /jane@gmial.com/ });
    expect(within(result).getByText('Invalid')).toBeTruthy();
    expect(within(result).getByText(emailClassMeanings.invalid)).toBeTruthy();
    expect(within(result).getByText(emailReasonTexts.domain_not_found)).toBeTruthy();
    expect(within(result).getByText(emailReasonTexts.possible_typo)).toBeTruthy();
    expect(within(result).getByText(emailNotCheckedTexts.smtp_mailbox)).toBeTruthy();
    expect(await screen.findByText('39 clicks left')).toBeTruthy();
    const post = calls.find((c) => c.url.pathname === '/api/email/verify')!;
    expect(post.headers.get('authorization')).toBe('Bearer service-jwt');
    expect(post.body).toEqual({ email: 'jane@gmial.com' });

    // The suggestion is a button that checks the suggested address.
    fireEvent.click(within(result).getByRole('button', { name: 'jane@gmail.com' }));
    const next = await screen.findByRole('region', { name: /jane@gmail.com/ });
    expect(within(next).getByText('Valid')).toBeTruthy();
    expect(within(next).getByText(emailReasonTexts.free_provider)).toBeTruthy();

    // Both are listed; Show reads one again with GET /verify/{id}.
    const recent = screen.getByRole('region', { name: 'Checked this visit' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(within(recent).getByRole('button', { name: 'Show the result for jane@gmial.com again' }));
    await screen.findByRole('region', { name: /jane@gmial.com/ });
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.url.pathname.startsWith('/api/email/verify/idjanegmialcom'))).toBe(true));
  });

  it('reports its emailCheck machine to the visualiser’s hub, as the portal’s own actors, so the live view shows it', async () => {
    const hub = createInspectionHub({ tab: 'Tab test', path: () => '/portal/applications/emailvalidation', channel: undefined });
    renderPortal('/portal/applications/emailvalidation', { user: authUser(), groups: [acmeTrading], handler: server, inspect: (e) => hub.inspect(e) });
    expect(await screen.findByText('40 clicks left')).toBeTruthy();
    await check('jane@gmial.com');
    await screen.findByRole('region', { name: /jane@gmial.com/ });
    await waitFor(() => {
      const record = hub.records().find((r) => r.machine === 'emailCheck');
      expect(record?.value).toBe('ready');
      expect(record?.events.map((e) => e.type)).toContain('user.check');
    });
    expect(hub.records().map((r) => r.machine)).toContain('session');
    hub.close();
  });

  it("shows the meter's message when no clicks remain", async () => {
    refuse = true;
    renderPortal('/portal/applications/emailvalidation', { user: authUser(), groups: [acmeTrading], handler: server });
    await check('a@example.com');
    expect((await screen.findByRole('alert')).textContent).toContain(meterRefusals.noClicks('email'));
  });

  it('lets a member check, without asking the plans manager for the clicks', async () => {
    const member = authUser({ id: 5, userName: 'member@example.com' });
    calls = renderPortal('/portal/applications/emailvalidation', {
      user: member,
      groups: [group(30, 'organisation', [group(31, 'account', [], { name: 'Acme UK', isOwner: false, isMember: true })], { name: 'Acme Trading', isOwner: false, isMember: true })],
      handler: server,
    }).calls;
    expect(await screen.findByText('Clicks left are shown to the account’s owners')).toBeTruthy();
    await check('a@example.com');
    expect(await screen.findByRole('region', { name: /a@example.com/ })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/plans'))).toBe(false);
  });
});
