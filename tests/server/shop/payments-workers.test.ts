// JOBS_WORKER=0: a process queues the gateway's webhooks but works none; another process on the same
// database (on PostgreSQL its own connection pool, as a second process has) delivers them. Also the
// configuration of payments: only the test gateway, and the webhook secret's derivation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, depsOf, ownWebhookUrl } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createMailer } from '../../../server/platform/mail';
import { createHarness, type Harness } from '../support/harness';
import { cardFields, gatewayOf, paymentInput, pathOf, postForm, startReceiver } from './payments-fixtures';

let h: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  h = await createHarness({ env: { PAYMENT_WEBHOOK_URL: receiver.url, JOBS_WORKER: '0' } });
});
afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

describe('job workers', () => {
  it('a process with JOBS_WORKER=0 queues webhooks that another process delivers', async () => {
    const page = await gatewayOf(h).createPaymentPage(paymentInput());
    expect((await postForm(h, pathOf(page.url), cardFields('success'))).statusCode).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(receiver.deliveries).toEqual([]);

    const other = (await h.openAnother()) ?? h.db;
    const mailer = createMailer({ db: other });
    const worker = buildApp({ db: other, mailer, config: { ...h.config, jobs: { worker: true } }, clock: h.clock });
    try {
      await worker.ready();
      await depsOf(worker).jobs.start();
      const [delivery] = await receiver.waitFor((d) => d.body.includes(page.ref), 1);
      expect(await gatewayOf(h).verifyWebhook(delivery.body, delivery.headers)).toMatchObject({ type: 'payment.succeeded', outcome: { ref: page.ref } });
    } finally {
      await worker.close();
      await mailer.close();
      if (other !== h.db) await other.destroy();
    }
  }, 40_000);
});

describe('the webhook address', () => {
  it('is where this process listens (over loopback when it listens everywhere), and none before it listens', async () => {
    const mailer = createMailer({ db: h.db });
    const app = buildApp({ db: h.db, mailer, config: h.config, clock: h.clock });
    try {
      expect(() => ownWebhookUrl(app)).toThrow('The server is not listening yet: no webhook address');
      await app.listen({ port: 0, host: '0.0.0.0' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      expect(ownWebhookUrl(app)).toBe(`http://127.0.0.1:${port}/api/plans/payment/webhook`);
    } finally {
      await app.close();
      await mailer.close();
    }
  });
});

describe('payment configuration', () => {
  it('knows only the test gateway and says so', () => {
    expect(loadConfig({}).payments.gateway).toBe('test');
    expect(loadConfig({ PAYMENT_GATEWAY: 'Test' }).payments.gateway).toBe('test');
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow("PAYMENT_GATEWAY=stripe is not supported: the only payment gateway built so far is 'test' (the embedded test gateway)");
  });

  it('reads the seller and the worker switch', () => {
    const config = loadConfig({ SELLER_NAME: 'Acme Ltd', SELLER_ADDRESS: '2 High St, Leeds , LS1 1AA', SELLER_TAX_NUMBER_UK: 'GB 999', JOBS_WORKER: 'off' });
    expect(config.seller).toEqual({ name: 'Acme Ltd', address: ['2 High St', 'Leeds', 'LS1 1AA'], taxNumbers: { uk: 'GB 999', australia: '12 345 678 901' } });
    expect(config.jobs.worker).toBe(false);
    expect(loadConfig({}).jobs.worker).toBe(true);
  });
});
