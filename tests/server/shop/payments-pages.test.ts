// The test gateway's hosted pages driven as a browser drives them (app.inject): each test card, the
// 3-D Secure step, cancel, field errors, escaping, and the page's headers (CSP, no caching).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../../contract/shared/shop';
import type { TestGateway } from '../../../server/payments/testGateway';
import { createHarness, type Harness } from '../support/harness';
import { cardFields, gatewayOf, paymentInput, pathOf, postForm } from './payments-fixtures';

let h: Harness;
let gateway: TestGateway;

beforeAll(async () => {
  h = await createHarness({ env: { SELLER_NAME: 'Northwind <Data> & Co' } });
  gateway = gatewayOf(h);
});
afterAll(() => h?.close());

async function newPage(fields: Parameters<typeof paymentInput>[0] = {}) {
  const input = paymentInput(fields);
  const page = await gateway.createPaymentPage(input);
  return { ...page, path: pathOf(page.url), input };
}

describe('the payment page', () => {
  it('shows the amount, description, merchant, the card form and the test cards, every text escaped', async () => {
    const { path } = await newPage({ description: '<script>alert(1)</script> "clicks" & more', amount: 123456, currency: 'AUD' });
    const response = await h.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Pay - Test payment gateway</title>');
    expect(html).toContain('<strong>TEST MODE</strong>');
    expect(html).toContain('A$1,234.56');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;clicks&quot; &amp; more');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('style=');
    expect(html).toContain('Northwind &lt;Data&gt; &amp; Co');
    for (const card of Object.values(testCards)) expect(html).toContain(card.number);
    for (const label of ['Card number', 'Expiry date', 'Security code', 'Name on card']) expect(html).toMatch(new RegExp(`<label for="\\w+">${label}</label>`));
    expect(html).toContain('<link rel="stylesheet" href="/gateway/gateway.css">');

    const css = await h.inject({ method: 'GET', url: '/gateway/gateway.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers an unknown page with a 404 page', async () => {
    for (const url of ['/gateway/pay/cs_test_000000000000000000000000', '/gateway/pay/nonsense']) {
      const response = await h.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('This payment page does not exist');
    }
  });

  it('the success card pays and returns the browser to the success URL', async () => {
    const { path, ref, input } = await newPage();
    const paid = await postForm(h, path, cardFields('success'));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(input.successUrl);
    expect(await gateway.retrieve(ref)).toEqual({ status: 'succeeded', ref, reference: 'order-1', card: null, amount: input.amount, currency: input.currency });
    // Paying again (the back button) changes nothing and shows where it ended.
    const again = await postForm(h, path, cardFields('declined'));
    expect(again.headers.location).toBe(input.successUrl);
    const shown = await h.inject({ method: 'GET', url: path });
    expect(shown.body).toContain('This payment was made.');
    expect(await gateway.retrieve(ref)).toMatchObject({ status: 'succeeded' });
  });

  it('keeps the card when the page offered to and the customer ticked the box', async () => {
    const unticked = await newPage({ offerToSaveCard: true });
    await postForm(h, unticked.path, cardFields('success'));
    expect(await gateway.retrieve(unticked.ref)).toMatchObject({ status: 'succeeded', card: null });
    // The box means nothing on a page that did not offer it.
    const notOffered = await newPage({ offerToSaveCard: false });
    expect((await h.inject({ method: 'GET', url: notOffered.path })).body).not.toContain('name="save"');
    await postForm(h, notOffered.path, cardFields('success', { save: 'on' }));
    expect(await gateway.retrieve(notOffered.ref)).toMatchObject({ status: 'succeeded', card: null });

    const { path, ref } = await newPage({ offerToSaveCard: true });
    await postForm(h, path, cardFields('success', { expiry: '7 / 2031', save: 'on' }));
    expect(await gateway.retrieve(ref)).toEqual({
      status: 'succeeded', ref, reference: 'order-1', amount: 1234, currency: 'GBP',
      card: { methodRef: expect.stringMatching(/^pm_test_/), brand: 'Visa', lastFour: '4242', expiryMonth: 7, expiryYear: 2031 },
    });
  });

  it('the declined card returns the browser to the cancel URL with payment=declined', async () => {
    const { path, ref } = await newPage();
    const declined = await postForm(h, path, cardFields('declined'));
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe('http://localhost/portal/shop/basket?orderId=1&payment=declined');
    expect(await gateway.retrieve(ref)).toEqual({ status: 'declined', ref, reference: 'order-1', failure: 'Your card was declined.' });
  });

  it('the confirmation card asks the bank first: Complete pays, Fail declines', async () => {
    const completed = await newPage();
    const step = await postForm(h, completed.path, cardFields('confirm'));
    expect(step.statusCode).toBe(303);
    expect(step.headers.location).toBe(completed.path);
    const confirmPage = await h.inject({ method: 'GET', url: completed.path });
    expect(confirmPage.body).toContain('<h1>Confirm this payment with your bank</h1>');
    expect(await gateway.retrieve(completed.ref)).toMatchObject({ status: 'open' });
    const done = await postForm(h, `${completed.path}/confirm`, { action: 'complete' });
    expect(done.headers.location).toBe(completed.input.successUrl);
    expect(await gateway.retrieve(completed.ref)).toMatchObject({ status: 'succeeded' });

    const failed = await newPage();
    await postForm(h, failed.path, cardFields('confirm'));
    const refused = await postForm(h, `${failed.path}/confirm`, { action: 'fail' });
    expect(refused.headers.location).toBe('http://localhost/portal/shop/basket?orderId=1&payment=declined');
    expect(await gateway.retrieve(failed.ref)).toMatchObject({ status: 'declined', failure: 'Your bank did not confirm this payment.' });
  });

  it('the webhook-only card returns the browser while the payment is still processing', async () => {
    const { path, ref, input } = await newPage();
    const paid = await postForm(h, path, cardFields('webhookOnly'));
    expect(paid.headers.location).toBe(input.successUrl);
    expect(await gateway.retrieve(ref)).toEqual({ status: 'processing', ref, reference: 'order-1' });
  });

  it('cancel returns the browser to the cancel URL with payment=cancelled', async () => {
    const { path, ref } = await newPage();
    const cancelled = await postForm(h, `${path}/cancel`, {});
    expect(cancelled.headers.location).toBe('http://localhost/portal/shop/basket?orderId=1&payment=cancelled');
    expect(await gateway.retrieve(ref)).toMatchObject({ status: 'cancelled' });
    expect((await h.inject({ method: 'GET', url: path })).body).toContain('This payment was cancelled.');
  });

  it('shows each wrong field with its message, keeps what was typed (escaped), and charges nothing', async () => {
    const { path, ref } = await newPage();
    const wrong = await postForm(h, path, { number: '4111 1111 1111 1111', expiry: '01/29', cvc: '1', name: '"><b>x</b>' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('There are 3 problems with the card');
    expect(wrong.body).toContain('This is not one of the test cards listed on this page');
    expect(wrong.body).toContain('This card has expired');
    expect(wrong.body).toContain('Enter the 3-digit security code');
    expect(wrong.body).toContain('value="&quot;&gt;&lt;b&gt;x&lt;/b&gt;"');
    expect(wrong.body).toContain('aria-describedby="number-error" aria-invalid="true"');
    expect(await gateway.retrieve(ref)).toMatchObject({ status: 'open' });
  });

  it('a setup page saves a card without an amount', async () => {
    const page = await gateway.createSetupPage(paymentInput());
    const shown = await h.inject({ method: 'GET', url: pathOf(page.url) });
    expect(shown.body).toContain('<h1>Save a card</h1>');
    expect(shown.body).toContain('Save card</button>');
  });
});
