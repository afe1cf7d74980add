import { z } from 'zod';
import { badRequest } from '../errors';
import type { QueueDefinition } from '../jobs/queue';
import { secondsOf, type Clock } from '../platform/clock';
import type { GatewayEvent } from './gateway';
import { signatureHeader, signWebhook, verifyWebhookSignature } from './signing';

// The test gateway's webhooks, as a remote provider sends them: a pg-boss job per event POSTs the
// signed JSON to the portal over HTTP; a failed delivery (network, non-2xx) fails the job, which
// pg-boss retries with backoff, so every event arrives at least once. Success events are queued a
// second time a little later, so the portal's handling of duplicates is exercised on every payment.

export const gatewayWebhookQueue: QueueDefinition = {
  name: 'gateway-webhooks',
  // 1, 2, 4, 8... seconds between tries: about half an hour in all before the event is given up.
  retryLimit: 11,
  retryDelaySeconds: 1,
  retryBackoff: true,
  expireInSeconds: 60,
};

/** The webhook-only test card's confirmation comes this long after the browser was sent back. */
export const processingDelaySeconds = 3;
/** Every success event is delivered again this long after it was first queued. */
export const duplicateDelaySeconds = 5;

/** A queued delivery: the event of a session or charge; `settle` first completes a processing payment. */
export type WebhookJob = { ref: string; type: GatewayEvent['type']; settle?: boolean };

/** The same id on every delivery of one event, so the portal can tell a duplicate from a new event. */
export const eventIdOf = (ref: string, type: GatewayEvent['type']) => `evt_${ref}_${type.replace('.', '_')}`;

const card = z.object({
  methodRef: z.string().min(1),
  brand: z.string(),
  lastFour: z.string().regex(/^\d{4}$/),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
});
const refs = { ref: z.string().min(1), reference: z.string() };
/** A gateway event as the webhook receives it (after its signature is checked). */
export const gatewayEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['payment.succeeded', 'payment.declined', 'payment.cancelled', 'setup.succeeded']),
  mode: z.enum(['payment', 'setup']),
  outcome: z.discriminatedUnion('status', [
    z.object({ status: z.enum(['open', 'processing', 'cancelled']), ...refs }),
    z.object({ status: z.literal('succeeded'), ...refs, card: card.nullable(), amount: z.number().int().min(0), currency: z.string() }),
    z.object({ status: z.literal('declined'), ...refs, failure: z.string() }),
  ]),
});

/** The verified event of a delivery; 400 when the signature is missing, forged or stale, or the body is not an event. */
export function verifyGatewayEvent(
  secret: string,
  clock: Clock,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): GatewayEvent {
  verifyWebhookSignature(secret, rawBody, headers[signatureHeader], secondsOf(clock));
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw badRequest('The webhook body is not JSON');
  }
  const parsed = gatewayEventSchema.safeParse(json);
  if (!parsed.success) throw badRequest('The webhook body is not a gateway event');
  return parsed.data;
}

export type DeliveryDeps = {
  clock: Clock;
  webhookSecret: () => Promise<string>;
  webhookUrl: () => string;
  /** The event as it stands now (a redelivery describes the same payment). */
  eventOf(ref: string, type: GatewayEvent['type']): Promise<GatewayEvent>;
  /** processing -> succeeded; true when this call made the change. */
  settle(ref: string): Promise<boolean>;
  queue(job: WebhookJob, startAfterSeconds?: number): Promise<void>;
};

/** The job handler: settles a processing payment if asked, then POSTs the signed event; throws so pg-boss retries. */
export async function deliverWebhook(deps: DeliveryDeps, job: WebhookJob): Promise<void> {
  // Only the try that settles queues the duplicate, so a retried delivery does not add more.
  if (job.settle && (await deps.settle(job.ref))) await deps.queue({ ref: job.ref, type: job.type }, duplicateDelaySeconds);
  const body = JSON.stringify(await deps.eventOf(job.ref, job.type));
  const response = await fetch(deps.webhookUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [signatureHeader]: signWebhook(await deps.webhookSecret(), body, secondsOf(deps.clock)) },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  // The answer's body is not read; consume it so the connection is released.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`The webhook ${eventIdOf(job.ref, job.type)} was answered ${response.status}`);
}
