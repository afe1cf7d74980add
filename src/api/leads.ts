import type { BodyOf, QueryOf, ResponseOf } from '../../contract/endpoint';
import * as leads from '../../contract/leads/endpoints';
import type { ApiClient } from './client';

// The Leads calls of spec section 7 (and ours beside them: a lead's detail, its status moves), each
// through its contract entry; loaded with the pages that make them (the leads pages, lead form
// administration and the home page's leads). Lead calls throw to their callers (spec section 8):
// a list that failed says so in the Error modal rather than reading "no leads yet". partnerApi: the
// partner's own figures (GET /partner/accountinfo, spec section 7, plans manager) for the partner
// administration page, and our partner console.

export type Lead = ResponseOf<typeof leads.listLeads>[number];
export type LeadDetail = ResponseOf<typeof leads.getLead>;
export type LeadOption = ResponseOf<typeof leads.listLeadOptions>[number];
export type LeadInput = BodyOf<typeof leads.createLead>;
export type LeadUpdate = BodyOf<typeof leads.updateLead>;
export type LeadMove = BodyOf<typeof leads.moveLead>;
export type LeadOptionInput = BodyOf<typeof leads.createLeadOption>;
export type LeadOptionUpdate = BodyOf<typeof leads.updateLeadOption>;
export type PartnerAccountInfo = ResponseOf<typeof leads.partnerAccountInfo>[number];
export type PartnerConsole = ResponseOf<typeof leads.partnerConsole>;
export type ConsoleAccount = PartnerConsole['accounts'][number];

export function leadsApi(api: ApiClient) {
  return {
    /** The partner's leads; staff may leave the partner out for every lead. */
    list: (parentId?: number) =>
      api.call(leads.listLeads, { query: parentId === undefined ? {} : { parentId } }, { action: 'load the leads', cache: false }),
    get: (id: number) => api.call(leads.getLead, { query: { id } }, { action: 'load the lead', cache: false }),
    create: (parentId: number, body: LeadInput) => api.call(leads.createLead, { query: { parentId }, body }, { action: 'create the lead' }),
    update: (id: number, body: LeadUpdate) => api.call(leads.updateLead, { query: { id }, body }, { action: 'update the lead' }),
    remove: (id: number) => api.call(leads.deleteLead, { query: { id } }, { action: 'delete the lead' }),
    move: (id: number, body: LeadMove) => api.call(leads.moveLead, { query: { id }, body }, { action: 'change the status of the lead' }),
    options: () => api.call(leads.listLeadOptions, {}, { action: 'load the lead options', cache: false }),
    createOption: (body: LeadOptionInput) => api.call(leads.createLeadOption, { body }, { action: 'add the lead option' }),
    updateOption: (id: number, body: LeadOptionUpdate) => api.call(leads.updateLeadOption, { query: { id }, body }, { action: 'update the lead option' }),
    removeOption: (id: number) => api.call(leads.deleteLeadOption, { query: { id } }, { action: 'delete the lead option' }),
  };
}

export type LeadsApi = ReturnType<typeof leadsApi>;

export function partnerApi(api: ApiClient) {
  return {
    accountInfo: (partnerId: number) =>
      api.call(leads.partnerAccountInfo, { query: { partnerId } }, { action: 'load the accounts of the partner', cache: false }),
    console: (query: QueryOf<typeof leads.partnerConsole>) => api.call(leads.partnerConsole, { query }, { action: 'load the partner console', cache: false }),
  };
}
