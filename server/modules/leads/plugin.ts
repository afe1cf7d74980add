import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/leads/endpoints';
import * as S from '../../../contract/leads/schemas';
import { route } from '../../http/route';
import type { Deps } from '../../kernel/deps';
import * as options from './options';
import * as partner from './partner';
import * as leads from './service';

/** Leads and lead options of spec section 7, on the user server (/api/users). */
export const leadsPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.listLeads, S.listLeads, ({ query }, call) => leads.listLeads(deps, call.caller, query));
  route(app, E.getLead, S.getLead, ({ query }, call) => leads.getLead(deps, call.caller, query));
  route(app, E.createLead, S.createLead, (input, call) => leads.createLead(deps, call.caller, input), { status: 201 });
  route(app, E.updateLead, S.updateLead, (input, call) => leads.updateLead(deps, call.caller, input), { docs: { errors: [409] } });
  route(app, E.deleteLead, S.deleteLead, ({ query }, call) => leads.deleteLead(deps, call.caller, query), { docs: { errors: [409] } });
  route(app, E.moveLead, S.moveLead, (input, call) => leads.moveLead(deps, call.caller, input), { docs: { errors: [409] } });
  route(app, E.listLeadOptions, S.listLeadOptions, () => options.listLeadOptions(deps));
  route(app, E.createLeadOption, S.createLeadOption, ({ body }, call) => options.createLeadOption(deps, call.caller, body), { docs: { errors: [409] }, status: 201 });
  route(app, E.updateLeadOption, S.updateLeadOption, (input, call) => options.updateLeadOption(deps, call.caller, input));
  route(app, E.deleteLeadOption, S.deleteLeadOption, ({ query }, call) => options.deleteLeadOption(deps, call.caller, query), { docs: { errors: [409] } });
};

/** The partner's client accounts (GET /partner/accountinfo) and our console, on the plans manager (/api/plans). */
export const partnerPlansPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.partnerAccountInfo, S.partnerAccountInfo, ({ query }, call) => partner.partnerAccountInfo(deps, call.caller, query));
  route(app, E.partnerConsole, S.partnerConsole, ({ query }, call) => partner.partnerConsole(deps, call.caller, query));
};
