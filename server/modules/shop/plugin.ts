import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/shop/endpoints';
import * as S from '../../../contract/shop/schemas';
import { directCall } from '../../http/openapiCall';
import { route } from '../../http/route';
import { signatureHeader } from '../../payments/signing';
import { gatewayEventSchema } from '../../payments/testGatewayEvents';
import type { Deps } from '../../kernel/deps';
import { checkout } from './checkout';
import * as invoices from './invoices';
import { invoiceViewPlugin } from './invoiceView';
import * as orders from './orders';
import * as payments from './paymentMethods';
import * as paymentUsers from './paymentUsers';
import { queueFirstSweep, startRenewalWorkers } from './renewals';

/** The shop and payments of spec section 7, in the plans manager (/api/plans). */
export const shopPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.checkout, S.checkout, ({ query, body }, call) => checkout(deps, call.caller, { query, body, headers: call.headers, ip: call.ip, origin: call.origin }));
  route(app, E.getOrder, S.getOrder, ({ query }, call) => orders.getOrder(deps, call.caller, query));

  route(app, E.bundleInvoice, S.bundleInvoice, ({ query }, call) => invoices.bundleInvoice(deps, call.caller, { query, origin: call.origin }), { docs: { errors: [409] } });
  route(app, E.creditNoteLink, S.creditNoteLink, ({ query }, call) => invoices.creditNoteLink(deps, call.caller, { query, origin: call.origin }));
  route(app, E.listInvoices, S.listInvoices, ({ query }, call) => invoices.listInvoices(deps, call.caller, query));

  route(app, E.paymentDetails, S.paymentDetailsCall, ({ query }, call) => payments.paymentDetails(deps, call.caller, query));
  route(app, E.setMonthlyCap, S.setMonthlyCap, (input, call) => payments.setMonthlyCap(deps, call.caller, input));
  route(app, E.generatePayment, S.generatePayment, ({ query }, call) => payments.generatePayment(deps, call.caller, { query, origin: call.origin }));
  route(app, E.deletePayment, S.deletePayment, ({ query }, call) => payments.deletePayment(deps, call.caller, query));

  route(app, E.listPaymentUsers, S.listPaymentUsers, ({ query }, call) => paymentUsers.listPaymentUsers(deps, call.caller, query));
  route(app, E.addPaymentUser, S.addPaymentUser, ({ query }, call) => paymentUsers.addPaymentUser(deps, call.caller, query));
  route(app, E.removePaymentUser, S.removePaymentUser, ({ query }, call) => paymentUsers.removePaymentUser(deps, call.caller, query));

  route(app, E.listCharges, S.listCharges, ({ query }, call) => orders.listCharges(deps, call.caller, query));

  app.register(invoiceViewPlugin, { deps });
  // The renewal workers are registered on ready (pg-boss is not started by that); the first sweep
  // is queued once the server listens, so the many test apps that only inject never start pg-boss.
  app.addHook('onReady', async () => {
    await startRenewalWorkers(deps);
  });
  app.addHook('onListen', async () => {
    await queueFirstSweep(deps);
  });
};

/**
 * POST /payment/webhook: the gateway's signed events (no session). Its own encapsulated plugin, so
 * the JSON body reaches the handler as the raw string the signature covers, and no other route's
 * parsing changes.
 */
export const shopWebhookPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  const call = directCall('POST', '/payment/webhook', {
    tag: 'shop',
    summary: "The payment gateway's signed events",
    description: `Called by the payment gateway, not by customers: each event signed in the ${signatureHeader} header; a duplicate delivery is answered and ignored.`,
    requestBody: { contentTypes: ['application/json'], description: 'The gateway event', schema: gatewayEventSchema },
    errors: [400],
  });
  app.post('/payment/webhook', { config: { call } }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    return reply.send(await orders.handleWebhook(deps, raw, request.headers));
  });
};
