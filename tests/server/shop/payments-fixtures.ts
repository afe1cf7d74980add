// Helpers of the test gateway's tests: hosted page inputs, the card form posted as a browser does,
// and a webhook receiver standing for the portal's webhook route.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testCards } from '../../../contract/shared/shop';
import { depsOf } from '../../../server/app';
import type { PaymentPageInput } from '../../../server/payments/gateway';
import type { TestGateway } from '../../../server/payments/testGateway';
import type { Harness } from '../support/harness';

/** The app's gateway, as the test gateway it is (its hosted-page methods included). */
export const gatewayOf = (h: Harness) => {
  const { gateway } = depsOf(h.app);
  if (gateway.name !== 'test') throw new Error('not the test gateway');
  // Checked above: the app's gateway is the test gateway, whose type adds the hosted-page methods.
  return gateway as TestGateway;
};

export function paymentInput(fields: Partial<PaymentPageInput> = {}): PaymentPageInput {
  const key = randomUUID();
  return {
    idempotencyKey: key,
    customer: { ref: 'account-1', email: 'payer@example.com', name: 'Payer' },
    reference: 'order-1',
    successUrl: 'http://localhost/portal/shop/thankyou?orderId=1',
    cancelUrl: 'http://localhost/portal/shop/basket?orderId=1',
    amount: 1234,
    currency: 'GBP',
    description: '1,000 clicks of Email validation',
    offerToSaveCard: false,
    ...fields,
  };
}

export const cardFields = (kind: keyof typeof testCards, extra: Record<string, string> = {}) =>
  ({ number: testCards[kind].number, expiry: '12/34', cvc: '123', name: 'Ada Lovelace', ...extra });

/** Posts the card form of a hosted page as a browser does (urlencoded). */
export const postForm = (h: Harness, path: string, fields: Record<string, string>) =>
  h.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

export const pathOf = (url: string) => new URL(url).pathname;

export type Delivery = { headers: IncomingHttpHeaders; body: string; status: number };

/**
 * An HTTP server taking webhooks: answers each with `answer(body)` (200 unless told) and keeps
 * every delivery, answered how.
 */
export async function startReceiver() {
  const deliveries: Delivery[] = [];
  let answer: (body: string) => number = () => 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = answer(body);
      deliveries.push({ headers: request.headers, body, status });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/plans/payment/webhook`,
    deliveries,
    answerWith(next: (body: string) => number) {
      answer = next;
    },
    /** Waits until `count` deliveries match. */
    async waitFor(match: (d: Delivery) => boolean, count = 1, timeoutMs = 20_000): Promise<Delivery[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = deliveries.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`${found.length} of ${count} deliveries within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
