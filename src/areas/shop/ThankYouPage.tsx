import { useEffect, useState } from 'react';
import { Link, useLoaderData, useRouter } from '@tanstack/react-router';
import { formatMoney } from '../../../contract/shared/catalogue';
import { salesTax } from '../../../contract/shared/shop';
import type { Order } from '../../../contract/shop/entities';
import { usePortal } from '../../app/PortalContext';
import { basketsOf } from '../../app/baskets';
import { formatDate } from '../../shared/format';
import { invoiceUrl } from './load';
import { clicksText } from './PlanCalculator';
import { declinedText } from './shopPages';
import './shop.css';

// /shop/thankyou ?orderId: where the gateway sends the browser after paying. A payment the gateway
// has not confirmed yet (a card confirmed only by webhook) says "Confirming your payment…" and the
// page reloads its order every 1.5 s (the route's loader asks GET /shop/order) until it is paid or
// refused. A paid order's items leave the basket; its invoice opens from here.

export const pollMs = 1_500;
/** After this long still pending, the page stops asking and says what to do. */
export const pollGiveUpMs = 120_000;
export const confirmingText = 'Confirming your payment…';

type AppRoute = '/applications/addresslookup' | '/applications/emailvalidation' | '/applications/paymentvalidation';
const applicationOf: Partial<Record<Order['lines'][number]['service'], { to: AppRoute; label: string }>> = {
  addresslookup: { to: '/applications/addresslookup', label: 'Address Lookup' },
  autocomplete: { to: '/applications/addresslookup', label: 'Address Lookup' },
  email: { to: '/applications/emailvalidation', label: 'Email Validation' },
  bankcode: { to: '/applications/paymentvalidation', label: 'Payment Validation' },
};

function InvoiceLink({ bundleId }: { bundleId: number }) {
  const portal = usePortal();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      window.location.assign(await invoiceUrl(portal, bundleId, `${window.location.origin}/portal/shop/thankyou${window.location.search}`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button" disabled={busy} onClick={() => void open()}>
      View your invoice
    </button>
  );
}

export default function ThankYouPage() {
  const { order, account } = useLoaderData({ from: '/_signedIn/_validated/shop/thankyou' });
  const router = useRouter();
  const portal = usePortal();
  const [gaveUp, setGaveUp] = useState(false);
  const pending = order.status === 'pending';

  // Poll while the gateway has not confirmed the payment; stop after pollGiveUpMs.
  useEffect(() => {
    if (!pending || gaveUp) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > pollGiveUpMs) setGaveUp(true);
      else void router.invalidate();
    }, pollMs);
    return () => window.clearInterval(timer);
  }, [pending, gaveUp, router]);

  // A paid order's items leave the basket of each account it bought for.
  useEffect(() => {
    if (order.status !== 'paid' || order.organisationId === null) return;
    for (const accountId of new Set(order.lines.map((l) => l.accountId))) {
      basketsOf(portal).of(accountId, order.organisationId).send({ type: 'order.paid', orderId: order.orderId, lines: order.lines });
    }
  }, [order, portal]);

  const territory = order.territory;
  const apps = [...new Map(order.lines.flatMap((l) => (applicationOf[l.service] ? [[applicationOf[l.service]!.to, applicationOf[l.service]!]] : []))).values()];
  const firstBundle = order.lines.find((l) => l.bundleId !== null)?.bundleId ?? null;

  return (
    <div className="shop thankyou">
      {order.status === 'paid' ? (
        <>
          <h1>Thank you for your order</h1>
          <p className="status-block" role="status">
            Payment received on {formatDate(order.paidAt ?? order.createdAt)}. Your clicks are ready to use now
            {order.invoiceNumber ? `; invoice ${order.invoiceNumber}` : ''}.
          </p>
        </>
      ) : pending ? (
        <>
          <h1>Thank you for your order</h1>
          <p className="status-block" role="status" aria-live="polite">
            {gaveUp
              ? 'Your payment has not been confirmed yet. Nothing more is needed from you: the clicks appear on the services page as soon as it is.'
              : confirmingText}
          </p>
        </>
      ) : (
        <>
          <h1>Your payment did not go through</h1>
          <p className="reason" role="alert">
            {order.status === 'declined' ? declinedText : 'The payment was cancelled. Nothing was charged and your basket is unchanged.'}
          </p>
          <Link to="/shop/basket" className="button button--primary">
            Back to your basket
          </Link>
        </>
      )}
      <section className="card" aria-labelledby="order-title">
        <h2 id="order-title">Order {order.orderId}</h2>
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Account</th>
                <th scope="col">Clicks</th>
                <th scope="col" className="basket__money">Price</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((l) => (
                <tr key={`${l.accountId}-${l.planId}`}>
                  <th scope="row">{l.plan}</th>
                  <td>{l.accountName}</td>
                  <td>{clicksText(l.clicks)}</td>
                  <td className="basket__money">{formatMoney(l.price, territory)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="basket__totals" data-testid="order-totals">
          <div>
            <dt>Net</dt>
            <dd>{formatMoney(order.net, territory)}</dd>
          </div>
          <div>
            <dt>{salesTax[territory].label}</dt>
            <dd>{formatMoney(order.tax, territory)}</dd>
          </div>
          <div className="basket__total">
            <dt>Total</dt>
            <dd>{formatMoney(order.total, territory)}</dd>
          </div>
        </dl>
        {order.status === 'paid' && (
          <div className="thankyou__actions">
            {firstBundle !== null && <InvoiceLink bundleId={firstBundle} />}
            <Link to="/administration/services" className="button">
              See your services
            </Link>
            {apps.map((a) => (
              <Link key={a.to} to={a.to} className="button">
                Open {a.label}
              </Link>
            ))}
          </div>
        )}
      </section>
      <p className="muted">Bought for {account.name}.</p>
    </div>
  );
}
