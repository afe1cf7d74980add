// The payment gateway as the shop sees it. The embedded default is the test gateway
// (testGateway.ts: hosted page, test cards, signed webhooks, served by this same process); a real
// provider's adapter implements this interface and nothing in the shop changes.

/** Who pays and what the gateway keeps a card under (one customer per account). */
export type GatewayCustomer = { ref: string; email: string; name: string };

/** A card as the gateway describes it after saving it; never the number. */
export type GatewayCard = { methodRef: string; brand: string; lastFour: string; expiryMonth: number; expiryYear: number };

export type HostedPageInput = {
  /** The merchant's key: the same key returns the same page, never a second one. */
  idempotencyKey: string;
  customer: GatewayCustomer;
  /** Our reference (an order id for payments, an account id for saving a card), echoed in events. */
  reference: string;
  /** Where the gateway sends the browser after paying / saving, and when the customer gives up or is declined. */
  successUrl: string;
  cancelUrl: string;
};

export type PaymentPageInput = HostedPageInput & {
  /** Minor units, tax included. */
  amount: number;
  currency: 'GBP' | 'AUD';
  description: string;
  /**
   * The page offers to keep the card for automatic renewals: a box the customer ticks, off by
   * default. The outcome carries the card only when it was ticked.
   */
  offerToSaveCard: boolean;
};

/**
 * What a hosted page or a charge came to; a succeeded one says what was taken (minor units, ISO
 * currency), which the portal checks against its order. processing: paid at the card's end but not yet confirmed
 * (the confirmation arrives by webhook); open: the customer has not finished.
 */
export type PaymentOutcome =
  | { status: 'open' | 'processing' | 'cancelled'; ref: string; reference: string }
  | { status: 'succeeded'; ref: string; reference: string; card: GatewayCard | null; amount: number; currency: string }
  | { status: 'declined'; ref: string; reference: string; failure: string };

/** A verified webhook event. */
export type GatewayEvent = {
  /** Unique per event; a redelivery carries the same id. */
  id: string;
  type: 'payment.succeeded' | 'payment.declined' | 'payment.cancelled' | 'setup.succeeded';
  outcome: PaymentOutcome;
  /** The hosted page's mode: a payment or saving a card. */
  mode: 'payment' | 'setup';
};

export interface PaymentGateway {
  /** Stored on orders and saved cards ('test', 'stripe'...). */
  readonly name: string;
  /** A hosted page that takes a payment (POST /shop/checkout, POST /files/results/pay). */
  createPaymentPage(input: PaymentPageInput): Promise<{ ref: string; url: string }>;
  /** A hosted page that saves or replaces the account's card without paying (GET /payment/generate). */
  createSetupPage(input: HostedPageInput): Promise<{ ref: string; url: string }>;
  /** The state of a hosted page, asked when the browser returns (the webhook may not have come yet). */
  retrieve(ref: string): Promise<PaymentOutcome>;
  /** Charges a saved card without the customer (automatic renewal); idempotent on the key. */
  chargeSavedCard(input: {
    idempotencyKey: string;
    customerRef: string;
    methodRef: string;
    amount: number;
    currency: 'GBP' | 'AUD';
    description: string;
    reference: string;
  }): Promise<PaymentOutcome>;
  /** Forgets a saved card at the gateway (DELETE /payment). */
  detachCard(customerRef: string, methodRef: string): Promise<void>;
  /**
   * Checks a webhook's signature over the raw body (and its timestamp, so an old delivery cannot be
   * replayed) and returns the event; throws a 400 HttpError when it is forged, stale or malformed.
   * The portal takes an event as news that something changed, never as the change itself: it asks
   * `retrieve` what the payment came to.
   */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<GatewayEvent>;
}
