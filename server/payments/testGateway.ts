import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db, Trx } from '../db';
import type { TestGwMethodsTable, TestGwSessionsTable } from '../db/shopSchema';
import { notFound } from '../errors';
import type { Jobs } from '../jobs/queue';
import { secondsOf, type Clock } from '../platform/clock';
import type { GatewayCard, GatewayEvent, HostedPageInput, PaymentGateway, PaymentOutcome } from './gateway';
import type { ParsedCard } from './testCards';
import {
  deliverWebhook, duplicateDelaySeconds, eventIdOf, gatewayWebhookQueue, processingDelaySeconds, verifyGatewayEvent, type WebhookJob,
} from './testGatewayEvents';

// The embedded test gateway: what a remote provider does, on this server, over its own testgw_*
// tables. Hosted pages (testGatewayPages.ts) take the test cards of contract/shared/shop.ts; the
// portal hears back by the browser's redirect (then asks `retrieve`) and by signed webhooks
// delivered over HTTP by a job (testGatewayEvents.ts), never by a function call.

export type TestSession = Selectable<TestGwSessionsTable>;

export type TestGatewayOptions = {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  /** The secret webhooks are signed with (read when first needed: it may live in the database). */
  webhookSecret: () => Promise<string>;
  /** Where webhooks go (the portal's own listening address, or PAYMENT_WEBHOOK_URL). */
  webhookUrl: () => string;
  /** Origin of the hosted pages' URLs (PUBLIC_URL); null: the origin of the page's success URL, which is this server's. */
  publicOrigin: () => string | null;
  /** Shown on the hosted page as who is paid. */
  merchantName: string;
  log?: { error(obj: unknown, msg?: string): void };
};

/** The gateway plus what its own hosted pages do (not part of PaymentGateway: the portal never calls these). */
export interface TestGateway extends PaymentGateway {
  readonly merchantName: string;
  session(id: string): Promise<TestSession | undefined>;
  /** The card form was submitted with a valid test card (and the box to keep it ticked or not); where the browser goes next. */
  submitCard(id: string, card: ParsedCard, save: boolean): Promise<string>;
  /** The bank's extra confirmation page (3-D Secure) was completed or failed. */
  confirm(id: string, complete: boolean): Promise<string>;
  /** The customer gave up: back to the merchant's cancel URL. */
  cancel(id: string): Promise<string>;
}

export const cardDeclined = 'Your card was declined.';
export const confirmationFailed = 'Your bank did not confirm this payment.';
export const cardRemoved = 'This card was removed';

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
export const sessionIdPattern = /^cs_test_[0-9a-f]{24}$/;
export const pagePath = (id: string) => `/gateway/pay/${id}`;

/** A URL of the merchant's with `payment=<status>` added (the basket shows the decline from it). */
function withPayment(url: string, status: 'declined' | 'cancelled'): string {
  const target = new URL(url);
  target.searchParams.set('payment', status);
  return target.toString();
}

/** Where the browser goes for a session in this state. */
export function nextStep(session: TestSession): string {
  switch (session.status) {
    case 'open':
    case 'requires_confirmation':
      return pagePath(session.id);
    case 'succeeded':
    case 'processing':
      return session.success_url;
    case 'declined':
      return withPayment(session.cancel_url, 'declined');
    case 'cancelled':
      return withPayment(session.cancel_url, 'cancelled');
  }
}

const cardOf = (method: Selectable<TestGwMethodsTable>): GatewayCard => ({
  methodRef: method.id, brand: method.brand, lastFour: method.last_four, expiryMonth: method.expiry_month, expiryYear: method.expiry_year,
});

export function createTestGateway(options: TestGatewayOptions): TestGateway {
  const { db, clock, jobs } = options;

  const methodCard = async (methodRef: string | null) => {
    if (!methodRef) return null;
    const method = await db.selectFrom('testgw_methods').selectAll().where('id', '=', methodRef).executeTakeFirst();
    return method ? cardOf(method) : null;
  };

  async function sessionOutcome(session: TestSession): Promise<PaymentOutcome> {
    const refs = { ref: session.id, reference: session.reference };
    switch (session.status) {
      case 'open':
      case 'requires_confirmation':
        return { status: 'open', ...refs };
      case 'processing':
      case 'cancelled':
        return { status: session.status, ...refs };
      case 'declined':
        return { status: 'declined', ...refs, failure: session.failure ?? cardDeclined };
      case 'succeeded':
        // The card comes back only when the merchant asked to keep it.
        return {
          status: 'succeeded', ...refs, amount: session.amount, currency: session.currency,
          card: session.mode === 'setup' || session.save_card ? await methodCard(session.method_ref) : null,
        };
    }
  }

  async function retrieve(ref: string): Promise<PaymentOutcome> {
    const session = await db.selectFrom('testgw_sessions').selectAll().where('id', '=', ref).executeTakeFirst();
    if (session) return sessionOutcome(session);
    const charge = await db.selectFrom('testgw_charges').selectAll().where('id', '=', ref).executeTakeFirst();
    if (!charge) throw notFound('No such payment at the gateway');
    const refs = { ref: charge.id, reference: charge.reference };
    return charge.status === 'succeeded'
      ? { status: 'succeeded', ...refs, amount: charge.amount, currency: charge.currency, card: await methodCard(charge.method_ref) }
      : { status: 'declined', ...refs, failure: charge.failure ?? cardDeclined };
  }

  const queue = async (job: WebhookJob, startAfterSeconds?: number) => {
    await jobs.send(gatewayWebhookQueue.name, job, { startAfterSeconds });
  };

  /** Queues the webhooks a change of state calls for (after its transaction: PGlite has one connection). */
  async function announce(ref: string, mode: 'payment' | 'setup', status: TestSession['status']) {
    if (status === 'succeeded') {
      const type = mode === 'setup' ? 'setup.succeeded' : 'payment.succeeded';
      await queue({ ref, type });
      await queue({ ref, type }, duplicateDelaySeconds);
    } else if (status === 'processing') {
      await queue({ ref, type: mode === 'setup' ? 'setup.succeeded' : 'payment.succeeded', settle: true }, processingDelaySeconds);
    } else if (status === 'declined' && mode === 'payment') {
      await queue({ ref, type: 'payment.declined' });
    } else if (status === 'cancelled' && mode === 'payment') {
      // The customer gave up (and may never come back to the merchant's page): the order ends now.
      await queue({ ref, type: 'payment.cancelled' });
    }
  }

  /** Moves an open (or awaiting confirmation) session on under its row lock; the loser of a race changes nothing. */
  async function transition(id: string, from: TestSession['status'][], change: (trx: Trx, session: TestSession) => Promise<Partial<TestSession>>): Promise<string> {
    const result = await db.transaction().execute(async (trx) => {
      const session = await trx.selectFrom('testgw_sessions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!session) throw notFound('No such payment page');
      if (!from.includes(session.status)) return { session, changed: false };
      const values = await change(trx, session);
      const updated = await trx.updateTable('testgw_sessions').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      return { session: updated, changed: true };
    });
    if (result.changed) await announce(result.session.id, result.session.mode, result.session.status);
    return nextStep(result.session);
  }

  async function createSession(input: HostedPageInput, page: { mode: 'payment' | 'setup'; amount: number; currency: string; description: string; offerSave: boolean; saveCard: boolean }) {
    await db.insertInto('testgw_sessions').values({
      id: newId('cs'),
      mode: page.mode,
      idempotency_key: input.idempotencyKey,
      amount: page.amount,
      currency: page.currency,
      description: page.description,
      customer_ref: input.customer.ref,
      reference: input.reference,
      offer_save: page.offerSave,
      save_card: page.saveCard,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      status: 'open',
      created_at: secondsOf(clock),
    }).onConflict((oc) => oc.column('idempotency_key').doNothing()).execute();
    // The same key again (a retried checkout) finds the page made the first time.
    const session = await db.selectFrom('testgw_sessions').select(['id', 'success_url']).where('idempotency_key', '=', input.idempotencyKey).executeTakeFirstOrThrow();
    const origin = options.publicOrigin() ?? new URL(session.success_url).origin;
    return { ref: session.id, url: `${origin}${pagePath(session.id)}` };
  }

  const gateway: TestGateway = {
    name: 'test',
    merchantName: options.merchantName,
    createPaymentPage: (input) =>
      createSession(input, { mode: 'payment', amount: input.amount, currency: input.currency, description: input.description, offerSave: input.offerToSaveCard, saveCard: false }),
    createSetupPage: (input) => createSession(input, { mode: 'setup', amount: 0, currency: 'GBP', description: 'Save a card for future payments', offerSave: false, saveCard: true }),
    retrieve,

    async chargeSavedCard(input) {
      const existing = await db.selectFrom('testgw_charges').select('id').where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst();
      if (existing) return retrieve(existing.id);
      const method = await db.selectFrom('testgw_methods').selectAll()
        .where('id', '=', input.methodRef).where('customer_ref', '=', input.customerRef).executeTakeFirst();
      // The 3-D Secure card was confirmed when it was saved, so it pays off-session like any other.
      const failure = !method || method.detached ? cardRemoved : method.card_kind === 'declined' ? cardDeclined : null;
      const id = newId('ch');
      const inserted = await db.insertInto('testgw_charges').values({
        id,
        idempotency_key: input.idempotencyKey,
        method_ref: input.methodRef,
        amount: input.amount,
        currency: input.currency,
        reference: input.reference,
        status: failure ? 'declined' : 'succeeded',
        failure,
        created_at: secondsOf(clock),
      }).onConflict((oc) => oc.column('idempotency_key').doNothing()).returning('id').executeTakeFirst();
      // Only the call that made the charge announces it; a concurrent twin returns the same charge.
      if (inserted) await announce(id, 'payment', failure ? 'declined' : 'succeeded');
      const charge = await db.selectFrom('testgw_charges').select('id').where('idempotency_key', '=', input.idempotencyKey).executeTakeFirstOrThrow();
      return retrieve(charge.id);
    },

    async detachCard(customerRef, methodRef) {
      await db.updateTable('testgw_methods').set({ detached: true }).where('id', '=', methodRef).where('customer_ref', '=', customerRef).execute();
    },

    verifyWebhook: async (rawBody, headers) => verifyGatewayEvent(await options.webhookSecret(), clock, rawBody, headers),

    session: (id) => db.selectFrom('testgw_sessions').selectAll().where('id', '=', id).executeTakeFirst(),

    submitCard: (id, card, save) =>
      transition(id, ['open'], async (trx, session) => {
        const now = secondsOf(clock);
        if (card.kind === 'declined') return { status: 'declined', failure: cardDeclined, completed_at: now };
        // A payment keeps the card only when the page offered it and the customer ticked the box.
        const keep = session.mode === 'setup' || (session.offer_save && save);
        const methodRef = newId('pm');
        await trx.insertInto('testgw_methods').values({
          id: methodRef, customer_ref: session.customer_ref, card_kind: card.kind, brand: card.brand, last_four: card.lastFour,
          expiry_month: card.expiryMonth, expiry_year: card.expiryYear, created_at: now,
        }).execute();
        if (card.kind === 'confirm') return { status: 'requires_confirmation', method_ref: methodRef, save_card: keep };
        if (card.kind === 'webhookOnly') return { status: 'processing', method_ref: methodRef, save_card: keep };
        return { status: 'succeeded', method_ref: methodRef, save_card: keep, completed_at: now };
      }),

    confirm: (id, complete) =>
      transition(id, ['requires_confirmation'], async () =>
        complete ? { status: 'succeeded', completed_at: secondsOf(clock) } : { status: 'declined', failure: confirmationFailed, completed_at: secondsOf(clock) }),

    cancel: (id) => transition(id, ['open', 'requires_confirmation'], async () => ({ status: 'cancelled', completed_at: secondsOf(clock) })),
  };

  const eventOf = async (ref: string, type: GatewayEvent['type']): Promise<GatewayEvent> => ({
    id: eventIdOf(ref, type),
    type,
    mode: type === 'setup.succeeded' ? 'setup' : 'payment',
    outcome: await retrieve(ref),
  });
  const settle = async (ref: string) => {
    const result = await db.updateTable('testgw_sessions').set({ status: 'succeeded', completed_at: secondsOf(clock) })
      .where('id', '=', ref).where('status', '=', 'processing').executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  };
  jobs
    .work<WebhookJob>(gatewayWebhookQueue.name, (job) =>
      deliverWebhook({ clock, webhookSecret: options.webhookSecret, webhookUrl: options.webhookUrl, eventOf, settle, queue }, job))
    .catch((error: unknown) => options.log?.error(error, 'the test gateway webhook worker did not start'));
  return gateway;
}
