import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseCardForm, type CardForm } from './testCards';
import { nextStep, sessionIdPattern, type TestGateway, type TestSession } from './testGateway';
import { cardPage, confirmPage, finishedPage, notFoundPage, stylesheet } from './testGatewayHtml';

// The test gateway's hosted pages, mounted at /gateway: GET shows the page a session is at, each form
// POSTs and is answered with a 303 to the next page or back to the merchant. The forms are
// urlencoded: a parser for them is added inside this plugin only (the portal's API takes JSON).

type Form = Record<string, string | undefined>;

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

export async function testGatewayPagesPlugin(app: FastifyInstance, options: { gateway: TestGateway; clock: () => number }) {
  const { gateway, clock } = options;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });

  /** The session of the :id in the path, or a 404 page already sent. */
  async function sessionOf(id: string, reply: FastifyReply): Promise<TestSession | undefined> {
    const session = sessionIdPattern.test(id) ? await gateway.session(id) : undefined;
    if (!session) await sendHtml(reply, 404, notFoundPage());
    return session;
  }

  const formOf = (body: unknown): Form => (body && typeof body === 'object' ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : undefined])) : {});

  app.get('/gateway.css', (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(stylesheet));

  app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const session = await sessionOf(request.params.id, reply);
    if (!session) return reply;
    if (session.status === 'open') return sendHtml(reply, 200, cardPage(session, gateway.merchantName));
    if (session.status === 'requires_confirmation') return sendHtml(reply, 200, confirmPage(session, gateway.merchantName));
    return sendHtml(reply, 200, finishedPage(session, gateway.merchantName, nextStep(session)));
  });

  app.post<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const session = await sessionOf(request.params.id, reply);
    if (!session) return reply;
    const body = formOf(request.body);
    const form: CardForm = { number: body.number ?? '', expiry: body.expiry ?? '', cvc: body.cvc ?? '', name: body.name ?? '', save: body.save === 'on' };
    const parsed = parseCardForm(form, clock());
    if ('errors' in parsed) {
      // Only an open page takes a card; a finished one shows where it ended.
      if (session.status !== 'open') return reply.redirect(`/gateway/pay/${session.id}`, 303);
      return sendHtml(reply, 400, cardPage(session, gateway.merchantName, form, parsed.errors));
    }
    return reply.redirect(await gateway.submitCard(session.id, parsed.card, form.save === true), 303);
  });

  app.post<{ Params: { id: string } }>('/pay/:id/confirm', async (request, reply) => {
    const session = await sessionOf(request.params.id, reply);
    if (!session) return reply;
    const action = formOf(request.body).action;
    if (action !== 'complete' && action !== 'fail') return reply.redirect(`/gateway/pay/${session.id}`, 303);
    return reply.redirect(await gateway.confirm(session.id, action === 'complete'), 303);
  });

  app.post<{ Params: { id: string } }>('/pay/:id/cancel', async (request, reply) => {
    const session = await sessionOf(request.params.id, reply);
    if (!session) return reply;
    return reply.redirect(await gateway.cancel(session.id), 303);
  });
}
