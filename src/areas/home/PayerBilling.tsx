import { usePortal } from '../../app/PortalContext';
import { billingApi } from '../../api/shop';
import { BillingHistory } from '../../shared/billing/BillingHistory';
import { returnMessage } from '../../shared/billing/billingText';
import { browser } from '../../shared/billing/browser';
import { SavedCard } from '../../shared/billing/SavedCard';
import { useAction } from '../../shared/useAction';
import '../../shared/billing/billing.css';
import type { PayerBillingData } from './payerBilling';

/** Where the gateway's card page and an invoice's Back link return: home. */
const homePath = '/home';

/**
 * Home's billing for an authorised payment user (spec section 6: payments have authorised users per
 * account): they keep the card that pays the account's renewals and read its invoices. A refused
 * call has already said why in the Error modal; the buttons come back.
 */
export function PayerBilling({ data, billing, payment }: { data: PayerBillingData; billing?: string; payment?: string }) {
  const portal = usePortal();
  // Nothing the page shows changes: it leaves for the card page or opens a document in a new tab.
  const { run, busy, done } = useAction({ refreshGroups: false, reload: false });
  const api = billingApi(portal.api);
  const back = returnMessage(billing, payment);

  return (
    <section className="card billing" aria-labelledby="payer-billing-title" id="home-billing">
      <h2 id="payer-billing-title">Billing of {data.accountName}</h2>
      <p className="muted">
        You may pay for {data.accountName}: you keep the card that pays its automatic renewals and see its invoices, and you receive its
        receipts and renewal notices. Its owners buy plans and set the renewals and the monthly cap.
      </p>
      {back && <p className={`billing__back billing__back--${back.tone}`}>{back.text}</p>}
      <p role="status" className="status-line">
        {busy ? 'Working…' : done}
      </p>
      <SavedCard
        details={data.details}
        now={data.now}
        busy={busy}
        onSave={() =>
          run('Taking you to the card page…', async () => {
            const { checkoutUrl } = await api.generate(data.accountId, browser.portalUrl(homePath));
            browser.assign(checkoutUrl);
          })
        }
      />
      <BillingHistory
        accountName={data.accountName}
        invoices={data.invoices}
        busy={busy}
        onOpen={(invoice) =>
          run(`Invoice ${invoice.invoiceNumber} opened in a new tab.`, async () => {
            const { url } = await api.invoiceUrl(invoice.bundleIds[0], browser.portalUrl(homePath));
            browser.open(url);
          })
        }
        onOpenCreditNote={(note) =>
          run(`Credit note ${note.creditNoteNumber} opened in a new tab.`, async () => {
            const { url } = await api.creditNoteUrl(note.creditNoteId, browser.portalUrl(homePath));
            browser.open(url);
          })
        }
      />
    </section>
  );
}
