import type { LeadDetail, LeadOption } from '../../src/api/leads';
import type { PartnerAccountInfo, PartnerConsole } from '../../src/api/leads';
import { group } from '../machines/models/groupFixtures';
import { ok, type Call, type Handler } from './support/renderPortal';

// Leads, lead options and the partner's figures as the server answers them, and a small in-memory
// server for the leads pages' view tests.

export const at = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

export const northwind = group(1, 'partner', [group(11, 'organisation', [group(111, 'account')], { name: 'Northwind Retail' })], { name: 'Northwind Partners', subtype: 'corporate' });
export const referralCo = group(2, 'partner', [group(21, 'organisation', [group(211, 'account')])], { name: 'Referral Co', subtype: 'referrer' });

export const option = (id: number, over: Partial<LeadOption> = {}): LeadOption => ({ id, option: `Option ${id}`, requirement: '', retired: false, ...over });

export function lead(id: number, over: Partial<LeadDetail> = {}): LeadDetail {
  return {
    id,
    partnerId: 1,
    partnerName: 'Northwind Partners',
    companyName: `Company ${id}`,
    contactName: 'Ada Lovelace',
    services: ['addresslookup', 'email'],
    openDate: at('2025-06-01T10:00'),
    closeDate: '2025-09-30',
    status: 'new',
    companyAddress: { address1: '1 High Street', town: 'Leeds', postcode: 'LS1 1AA' },
    email: 'ada@example.com',
    phoneNumber: '0113 496 0000',
    jobTitle: 'Head of data',
    division: 'Retail',
    integrations: '',
    enrichments: '',
    cleansing: '',
    probability: 40,
    jointMeeting: false,
    description: '',
    options: [],
    createTimestamp: at('2025-06-01T10:00'),
    updateTimestamp: at('2025-06-02T10:00'),
    creationUserId: 4,
    updateUserId: 4,
    history: [{ from: null, to: 'new', note: '', at: at('2025-06-01T10:00'), userId: 4, userName: 'partner@example.com' }],
    ...over,
  };
}

export const accountInfo = (over: Partial<PartnerAccountInfo> = {}): PartnerAccountInfo => ({
  organisationId: 11,
  organisationName: 'Northwind Retail',
  accountId: 111,
  accountName: 'Northwind Retail UK',
  planName: 'Address Lookup 10k',
  datasetType: 'PAF',
  clickLimit: 10_000,
  usedClicks: 2_500,
  remainingClicks: 7_500,
  startDate: at('2025-05-01T00:00Z'),
  endDate: at('2026-04-30T00:00Z'),
  estimatedExpiryDate: at('2025-12-31T00:00Z'),
  ...over,
});

const day = (iso: string) => at(`${iso}T00:00Z`);
export const consoleReport: PartnerConsole = {
  partnerId: 1,
  fromDate: day('2025-06-01'),
  toDate: day('2025-06-04'),
  days: [day('2025-06-01'), day('2025-06-02'), day('2025-06-03')],
  accounts: [
    {
      organisationId: 11,
      organisationName: 'Northwind Retail',
      accountId: 111,
      accountName: 'Northwind Retail UK',
      territory: 'uk',
      clicks: 30,
      spend: 1_250,
      days: [
        { day: day('2025-06-01'), clicks: 10, spend: 500 },
        { day: day('2025-06-03'), clicks: 20, spend: 750 },
      ],
    },
    { organisationId: 11, organisationName: 'Northwind Retail', accountId: 112, accountName: 'Northwind Retail AU', territory: 'australia', clicks: 5, spend: 300, days: [{ day: day('2025-06-02'), clicks: 5, spend: 300 }] },
  ],
  totals: [
    { territory: 'uk', clicks: 30, spend: 1_250 },
    { territory: 'australia', clicks: 5, spend: 300 },
  ],
};

/** The leads calls over `leads` and `options`, changed in place as the pages change them. */
export function leadsServer(leads: LeadDetail[], options: LeadOption[]): Handler {
  return (call: Call) => {
    const p = call.url.pathname;
    const id = Number(call.url.searchParams.get('id'));
    const body = call.body as Record<string, unknown>;
    if (p === '/api/users/lead' && call.method === 'GET') return ok(leads);
    if (p === '/api/users/lead/detail') return ok(leads.find((l) => l.id === id) ?? null);
    if (p === '/api/users/lead' && call.method === 'POST') {
      const created = lead(900, { ...body, partnerId: Number(call.url.searchParams.get('parentId')) } as Partial<LeadDetail>);
      leads.unshift(created);
      return { status: 201, body: created };
    }
    if (p === '/api/users/lead' && call.method === 'PUT') {
      const i = leads.findIndex((l) => l.id === id);
      leads[i] = { ...leads[i], ...(body as Partial<LeadDetail>) };
      return ok(leads[i]);
    }
    if (p === '/api/users/lead' && call.method === 'DELETE') {
      leads.splice(leads.findIndex((l) => l.id === id), 1);
      return ok({ msg: 'Lead deleted' });
    }
    if (p === '/api/users/lead/status') {
      const i = leads.findIndex((l) => l.id === id);
      leads[i] = { ...leads[i], status: body.status as LeadDetail['status'] };
      return ok(leads[i]);
    }
    if (p === '/api/users/lead/option' && call.method === 'GET') return ok(options);
    if (p === '/api/users/lead/option' && call.method === 'POST') {
      const created = option(options.length + 50, body as Partial<LeadOption>);
      options.push(created);
      return { status: 201, body: created };
    }
    if (p === '/api/users/lead/option' && call.method === 'PUT') {
      const i = options.findIndex((o) => o.id === id);
      options[i] = { ...options[i], ...(body as Partial<LeadOption>) };
      return ok(options[i]);
    }
    return undefined;
  };
}
