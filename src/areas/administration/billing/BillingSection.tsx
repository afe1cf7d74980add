import { useLoaderData, useRouter, useSearch } from '@tanstack/react-router';
import { usePortal } from '../../../app/PortalContext';
import { Spinner } from '../../../shared/Spinner';
import { useAction } from '../../../shared/useAction';
import { billingApi } from '../../../api/shop';
import { returnMessage } from '../../../shared/billing/billingText';
import { BillingHistory } from '../../../shared/billing/BillingHistory';
import { browser } from '../../../shared/billing/browser';
import { MonthlyCap } from './MonthlyCap';
import { PaymentUsers } from './PaymentUsers';
import { SavedCard } from '../../../shared/billing/SavedCard';
import '../../../shared/billing/billing.css';

/** Where the gateway's card page and an invoice's Back link return: this section. */
const billingPath = '/administration/services?tab=billing';

/**
 * The Billing section of /administration/services (owners): the saved card, the monthly cap on
 * automatic renewals, who may pay, and the invoices. Each change goes through the page's one
 * submission at a time and reloads the section.
 */
export function BillingSection({ account, now }: { account: { id: number; name: string }; now: number }) {
  const data = useLoaderData({ from: '/_signedIn/_validated/administration/services/' });
  const { billing, payment } = useSearch({ from: '/_signedIn/_validated/administration/services/' });
  const portal = usePortal();
  const router = useRouter();
  const { run, busy, done } = useAction({ refreshGroups: false });
  const api = billingApi(portal.api);
  const back = returnMessage(billing, payment);
  const reload = () => void router.invalidate();

  if (!data?.section || !data.details) return <Spinner text="Loading billing…" />;
  const { details, section } = data;

  const saveCard = () =>
    run('Taking you to the card page…', async () => {
      const { checkoutUrl } = await api.generate(account.id, browser.portalUrl(billingPath));
      browser.assign(checkoutUrl);
    });

  return (
    <section className="card billing" aria-labelledby="billing-title">
      <h2 id="billing-title">Billing</h2>
      {back && <p className={`billing__back billing__back--${back.tone}`}>{back.text}</p>}
      <p role="status" className="status-line">
        {busy ? 'Saving…' : done}
      </p>
      <SavedCard details={details} now={now} busy={busy} onSave={saveCard} onRemove={() => api.removeCard(account.id)} onRemoved={reload} />
      <MonthlyCap
        details={details}
        busy={busy}
        onSave={(cap) => run(cap === null ? 'Automatic renewals have no monthly cap.' : 'Monthly cap saved.', () => api.setCap(account.id, cap))}
      />
      <PaymentUsers
        users={section.users}
        members={section.members}
        busy={busy}
        onAdd={(member) => run(`${member.name} may now pay for ${account.name}.`, () => api.addUser(account.id, member.userId))}
        onRemove={(user) => api.removeUser(account.id, user.userId)}
        onRemoved={reload}
      />
      <BillingHistory
        accountName={account.name}
        invoices={section.invoices}
        busy={busy}
        onOpen={(invoice) =>
          run(`Invoice ${invoice.invoiceNumber} opened in a new tab.`, async () => {
            const { url } = await api.invoiceUrl(invoice.bundleIds[0], browser.portalUrl(billingPath));
            browser.open(url);
          })
        }
        onOpenCreditNote={(note) =>
          run(`Credit note ${note.creditNoteNumber} opened in a new tab.`, async () => {
            const { url } = await api.creditNoteUrl(note.creditNoteId, browser.portalUrl(billingPath));
            browser.open(url);
          })
        }
      />
    </section>
  );
}
