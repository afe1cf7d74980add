// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { helpTipsDisabledKey, tourProblems } from '../../contract/shared/helpTips';
import { blockedMessages } from '../../contract/shared/messages';
import { leadMessages } from '../../contract/shared/leads';
import type { Group } from '../../contract/groups/entities';
import type { AuthUser } from '../../contract/users/entities';
import type { LeadDetail, LeadOption } from '../../src/api/leads';
import { leadCsvRows } from '../../src/areas/partner/leads/leadText';
import { leadsTour } from '../../src/shared/helptips/tours/leads';
import { lead, leadsServer, northwind, option, referralCo } from './leadsFixtures';
import { authUser, renderPortal, type Call } from './support/renderPortal';

// The leads pages: the real router, guards, machines and views; the leads calls are
// answered at fetch by the small in-memory server of ./leadsFixtures.

configure({ asyncUtilTimeout: 5000 });

let calls: Call[] = [];
let leads: LeadDetail[];
let options: LeadOption[];
const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === `/api/users${path}`);
const user = () => userEvent.setup();
const partnerUser = authUser({ id: 4, userName: 'partner@example.com' });
const sales = authUser({ id: 3, userName: 'sales@example.com', roles: ['sales'] });

function renderLeads(path: string, who: AuthUser = partnerUser, groups: Group[] = [northwind]) {
  const rendered = renderPortal(path, { user: who, groups, handler: leadsServer(leads, options) });
  calls = rendered.calls;
  return rendered;
}
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-15T12:00'));
  leads = [lead(2, { companyName: 'Fabrikam', status: 'won', services: ['name'] }), lead(1, { companyName: 'Contoso' })];
  options = [option(1, { option: 'Migrating from another provider', requirement: 'Name the provider' }), option(2, { option: 'Old option', retired: true })];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('/partner/leads', () => {
  it('lists the partner’s leads: company, contact, services, open and close dates as dd/mm/yyyy, and status', async () => {
    renderLeads('/portal/partner/leads');
    const table = await screen.findByRole('table', { name: 'All leads (2)' });
    expect(rowsOf(table)).toEqual([
      ['Fabrikam', 'Ada Lovelace', 'Name validation', '01/06/2025', '30/09/2025', 'Won'],
      ['Contoso', 'Ada Lovelace', 'Address lookup, Email validation', '01/06/2025', '30/09/2025', 'New'],
    ]);
    expect(callsTo('GET', '/lead')[0].url.search).toBe('?parentId=1');
    // Every date as the pages show them: dd/mm/yyyy.
    expect(leadCsvRows(leads, false)[1]).toEqual([2, 'Fabrikam', 'Ada Lovelace', 'ada@example.com', 'Name validation', '01/06/2025', '30/09/2025', 40, 'Won']);
  });

  it('shows the status in the address, and applies the one chosen', async () => {
    const { router } = renderLeads('/portal/partner/leads?status=won');
    const table = await screen.findByRole('table', { name: 'Won leads (1)' });
    expect(rowsOf(table).map((r) => r[0])).toEqual(['Fabrikam']);
    await user().selectOptions(screen.getByLabelText('Status'), 'New');
    await user().click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'new' }));
    expect(await screen.findByRole('table', { name: 'New leads (1)' })).toBeTruthy();
  });

  it('says there are no leads yet and offers to create one', async () => {
    leads = [];
    renderLeads('/portal/partner/leads');
    expect(await screen.findByRole('heading', { name: 'No leads yet' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Create lead' })).toHaveLength(2);
  });

  it('refuses a referrer partner with the spec’s message, before any lead is asked for', async () => {
    renderLeads('/portal/partner/leads/createlead', partnerUser, [referralCo]);
    expect(await screen.findByText(blockedMessages.partnerType)).toBeTruthy();
    expect(callsTo('GET', '/lead/option')).toHaveLength(0);
  });

  it.each(['/portal/home/createlead', '/portal/home/leads/2'])('refuses a referrer partner %s from the home page too, before any lead is asked for', async (path) => {
    renderLeads(path, partnerUser, [referralCo]);
    expect(await screen.findByText(blockedMessages.partnerType)).toBeTruthy();
    expect(callsTo('GET', '/lead/option')).toHaveLength(0);
    expect(callsTo('GET', '/lead/detail')).toHaveLength(0);
  });

  it('has a sound tour whose targets are on the page', async () => {
    expect(tourProblems(leadsTour)).toEqual([]);
    localStorage.removeItem(helpTipsDisabledKey);
    renderLeads('/portal/partner/leads');
    await screen.findByRole('table', { name: 'All leads (2)' });
    for (const tip of leadsTour.tips) if (tip.targetId) expect(document.getElementById(tip.targetId), tip.targetId).not.toBeNull();
    await screen.findByRole('dialog', { name: leadsTour.tips[0].title });
  });

  it('staff see every partner’s leads with the partner named', async () => {
    renderLeads('/portal/partner/leads', sales);
    const table = await screen.findByRole('table', { name: 'All leads (2)' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toContain('Partner');
    expect(callsTo('GET', '/lead')[0].url.search).toBe('');
  });
});

describe('the lead form', () => {
  async function fill(values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) {
      const input = screen.getByLabelText(label);
      await user().clear(input);
      if (value) await user().type(input, value);
    }
  }

  it('says under each field what is wrong (email, probability, close date) and sends nothing', async () => {
    renderLeads('/portal/partner/leads/createlead');
    await screen.findByRole('heading', { name: 'Create a lead' });
    await fill({ 'Company name': 'Initech', 'Contact name': 'Bill', Email: 'not-an-email', 'Probability (%)': '150', 'Close date': '31.12.2025' });
    await user().click(screen.getByRole('button', { name: 'Create lead' }));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('The probability is from 0 to 100')).toBeTruthy();
    expect(screen.getByText('The close date is a date written dd/mm/yyyy, for example 31/12/2026')).toBeTruthy();
    expect(screen.getByText('Choose at least one service')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(callsTo('POST', '/lead')).toHaveLength(0);
  });

  it('refuses a close date that has passed, in the portal’s words, and sends nothing', async () => {
    renderLeads('/portal/partner/leads/createlead');
    await screen.findByRole('heading', { name: 'Create a lead' });
    await fill({ 'Company name': 'Initech', 'Contact name': 'Bill', Email: 'bill@initech.example', 'Close date': '01/01/2020' });
    await user().click(screen.getByRole('checkbox', { name: 'Email validation' }));
    await user().click(screen.getByRole('button', { name: 'Create lead' }));
    expect(screen.getByText(leadMessages.pastCloseDate)).toBeTruthy();
    expect(screen.getByLabelText('Close date').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo('POST', '/lead')).toHaveLength(0);
  });

  it('offers the lead options on offer, sends the submission from the home page and opens the new lead there', async () => {
    const { router } = renderLeads('/portal/home/createlead');
    await screen.findByRole('heading', { name: 'Create a lead' });
    expect(screen.queryByLabelText(/Old option/)).toBeNull();
    await fill({ 'Company name': 'Initech', 'Address line 1': '2 Low Road', 'Contact name': 'Bill', Email: 'Bill@Initech.example', 'Probability (%)': '60', 'Close date': '31/12/2030' });
    await user().click(screen.getByRole('checkbox', { name: 'Email validation' }));
    await user().click(screen.getByRole('checkbox', { name: /Migrating from another provider/ }));
    await user().click(screen.getByRole('checkbox', { name: 'Joint meeting wanted' }));
    await user().click(screen.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(callsTo('POST', '/lead')).toHaveLength(1));
    const post = callsTo('POST', '/lead')[0];
    expect(post.url.search).toBe('?parentId=1');
    expect(post.body).toMatchObject({ companyName: 'Initech', contactName: 'Bill', email: 'Bill@Initech.example', services: ['email'], probability: 60, closeDate: '2030-12-31', jointMeeting: true, optionIds: [1] });
    expect((post.body as { companyAddress: Record<string, unknown> }).companyAddress).toMatchObject({ address1: '2 Low Road', town: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/leads/900'));
    expect(await screen.findByRole('heading', { name: 'Initech', level: 1 })).toBeTruthy();
  });
});

describe('a lead', () => {
  it('the partner edits it and sees it saved', async () => {
    renderLeads('/portal/partner/leads/1');
    await screen.findByRole('heading', { name: 'Contoso', level: 1 });
    await user().click(screen.getByRole('button', { name: 'Edit lead' }));
    const contact = screen.getByLabelText('Contact name');
    await user().clear(contact);
    await user().type(contact, 'Grace Hopper');
    await user().click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo('PUT', '/lead')).toHaveLength(1));
    expect(callsTo('PUT', '/lead')[0].url.search).toBe('?id=1');
    expect(callsTo('PUT', '/lead')[0].body).toMatchObject({ contactName: 'Grace Hopper', companyName: 'Contoso' });
    expect(await screen.findByText('The lead is saved.')).toBeTruthy();
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
  });

  it('the partner deletes it once confirmed and is back at the list', async () => {
    const { router } = renderLeads('/portal/partner/leads/1');
    await screen.findByRole('heading', { name: 'Contoso', level: 1 });
    await user().click(screen.getByRole('button', { name: 'Delete lead' }));
    await user().click(screen.getByRole('button', { name: 'Yes, delete lead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partner/leads'));
    expect(callsTo('DELETE', '/lead')[0].url.search).toBe('?id=1');
    expect(await screen.findByRole('table', { name: 'All leads (1)' })).toBeTruthy();
  });

  it('a won lead is the partner’s to read only', async () => {
    renderLeads('/portal/partner/leads/2');
    await screen.findByRole('heading', { name: 'Fabrikam', level: 1 });
    expect(screen.queryByRole('button', { name: 'Edit lead' })).toBeNull();
    expect(screen.getByText(/it can no longer be changed/)).toBeTruthy();
  });

  it('staff move it to one of its next statuses, with a note', async () => {
    renderLeads('/portal/partner/leads/1', sales);
    await screen.findByRole('heading', { name: 'Contoso', level: 1 });
    const next = screen.getByLabelText('New status');
    expect(within(next).getAllByRole('option').map((o) => o.textContent)).toEqual(['Contacted', 'Lost']);
    await user().type(screen.getByLabelText('Note to the partner'), 'Called them');
    await user().click(screen.getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(callsTo('PUT', '/lead/status')).toHaveLength(1));
    expect(callsTo('PUT', '/lead/status')[0].body).toEqual({ status: 'contacted', note: 'Called them' });
    expect(await screen.findByText('The lead is now Contacted.')).toBeTruthy();
  });
});

describe('/leadadmin', () => {
  const superUser = authUser({ id: 1, userName: 'super@example.com', roles: ['super'] });

  it('super adds an option (a blank one is refused under the field) and retires one', async () => {
    renderLeads('/portal/leadadmin', superUser, []);
    const table = await screen.findByRole('table', { name: 'Lead options (1 offered, 1 retired)' });
    expect(rowsOf(table)[0]).toEqual(['Migrating from another provider', 'Name the provider', 'Offered', expect.stringContaining('Retire')]);
    await user().click(screen.getByRole('button', { name: 'Add option' }));
    expect(screen.getByText('The option is required')).toBeTruthy();
    expect(callsTo('POST', '/lead/option')).toHaveLength(0);
    await user().type(screen.getByLabelText('Option'), 'Needs a DPA');
    await user().click(screen.getByRole('button', { name: 'Add option' }));
    await waitFor(() => expect(callsTo('POST', '/lead/option')).toHaveLength(1));
    expect(callsTo('POST', '/lead/option')[0].body).toEqual({ option: 'Needs a DPA', requirement: '' });
    expect(await screen.findByRole('table', { name: 'Lead options (2 offered, 1 retired)' })).toBeTruthy();
    const row = screen.getByRole('row', { name: /Migrating from another provider/ });
    await user().click(within(row).getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(callsTo('PUT', '/lead/option')).toHaveLength(1));
    expect(callsTo('PUT', '/lead/option')[0].body).toEqual({ retired: true });
    expect(await screen.findByRole('table', { name: 'Lead options (1 offered, 2 retired)' })).toBeTruthy();
  });

  it('is for super only', async () => {
    renderLeads('/portal/leadadmin', authUser({ id: 2, userName: 'admin@example.com', roles: ['admin'] }), []);
    expect(await screen.findByText(blockedMessages.notThroughAccount)).toBeTruthy();
  });
});
