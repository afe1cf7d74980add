import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../errors';

// Webhook signatures in Stripe's scheme: header `gateway-signature: t=<unix seconds>,v1=<hex>`, the
// hex being HMAC-SHA256 of "<t>.<raw body>" under the shared secret. The timestamp is signed too, so
// a captured delivery cannot be replayed once it is older than the tolerance.

export const signatureHeader = 'gateway-signature';
/** Where the installation's own webhook secret is kept when PAYMENT_WEBHOOK_SECRET is not set. */
export const webhookSecretKey = 'payment_webhook_secret';
/** How old a delivery may be (seconds) before it is refused as a replay. */
export const signatureToleranceSeconds = 300;

const hmac = (secret: string, timestamp: number, rawBody: string) => createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

/** The header value for a body sent at `timestamp` (seconds). */
export function signWebhook(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

/** Throws a 400 unless `header` signs `rawBody` under `secret` within the tolerance of `now` (seconds). */
export function verifyWebhookSignature(secret: string, rawBody: string, header: string | string[] | undefined, now: number): void {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw badRequest('Missing webhook signature');
  const parts = new Map(value.split(',').map((part) => {
    const at = part.indexOf('=');
    return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
  }));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) throw badRequest('Invalid webhook signature');
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw badRequest('Invalid webhook signature');
  if (Math.abs(now - timestamp) > signatureToleranceSeconds) throw badRequest('Webhook timestamp is too old');
}
