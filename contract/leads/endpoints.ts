import { endpoint } from '../endpoint';
import type * as S from './schemas';

// Spec section 7, Leads: section 7 names no base URL for them, so they are the user server's
// (service `users`), beside the groups they belong to (a lead's parentId is a partner group), as the
// tokens are. GET /partner/accountinfo is listed under the plans manager (service `plans`), and so is
// our partner console, which sums the same subscriptions and usage. All bearer.
//
// Who may call (server/modules/leads/service.ts):
//   leads          owners (owner, sudoowner) of a partner that is not a referrer, and staff; a
//                  referrer partner is refused (403, "... not accessible through this partner type.")
//   status moves   staff only (sales, admin, super); the partner's owners are mailed
//   lead options   read: any signed-in user; create, change, delete: super only
//   accountinfo,   owners of the partner (any subtype) and staff
//   console

/** GET /lead ?parentId: the partner's leads, newest first; staff may leave parentId out for every lead. */
export const listLeads = endpoint<typeof S.listLeads>('users', 'GET', '/lead', 'bearer');
/** Ours: one lead with its status history. */
export const getLead = endpoint<typeof S.getLead>('users', 'GET', '/lead/detail', 'bearer');
/** Answers 201 Created. */
export const createLead = endpoint<typeof S.createLead>('users', 'POST', '/lead', 'bearer');
export const updateLead = endpoint<typeof S.updateLead>('users', 'PUT', '/lead', 'bearer');
export const deleteLead = endpoint<typeof S.deleteLead>('users', 'DELETE', '/lead', 'bearer');
/** Ours: staff move a lead to its next status. */
export const moveLead = endpoint<typeof S.moveLead>('users', 'PUT', '/lead/status', 'bearer');
export const listLeadOptions = endpoint<typeof S.listLeadOptions>('users', 'GET', '/lead/option', 'bearer');
/** Answers 201 Created. */
export const createLeadOption = endpoint<typeof S.createLeadOption>('users', 'POST', '/lead/option', 'bearer');
export const updateLeadOption = endpoint<typeof S.updateLeadOption>('users', 'PUT', '/lead/option', 'bearer');
/** An option chosen on any lead is refused (409): retire it with PUT { retired: true } instead. */
export const deleteLeadOption = endpoint<typeof S.deleteLeadOption>('users', 'DELETE', '/lead/option', 'bearer');
export const partnerAccountInfo = endpoint<typeof S.partnerAccountInfo>('plans', 'GET', '/partner/accountinfo', 'bearer');
/** Ours: usage and spend per client account per day over a range. */
export const partnerConsole = endpoint<typeof S.partnerConsole>('plans', 'GET', '/partner/console', 'bearer');
