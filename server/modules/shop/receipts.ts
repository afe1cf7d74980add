import { formatMoney } from '../../../contract/shared/catalogue';
import { invoiceNumberText, salesTax } from '../../../contract/shared/shop';
import type { Db } from '../../db';
import type { Deps } from '../../kernel/deps';
import { ownersEmails } from '../../kernel/ownersMail';
import { mailOf } from '../../kernel/html';
import { orderLinesOf, orderWithInvoiceNumber } from './orderQueries';
import { authorisedPayerEmails } from './paymentQueries';

// The mails of the shop: a receipt for every paid order (to the billing email and the account's
// authorised payment users) and the notices of renewals that were not made.

/** Owners of the account (on it or above it) and the users authorised to pay for it. */
export async function paymentContacts(db: Db, accountIds: readonly number[]): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const owners = await ownersEmails(db, accountIds);
  const authorised = await authorisedPayerEmails(db, accountIds);
  return [...new Set([...owners, ...authorised])];
}

/** Receipt of a paid order: the billing email and the authorised payment users of its accounts. */
export async function sendReceipt(deps: Pick<Deps, 'db' | 'mail' | 'log'>, orderId: number): Promise<void> {
  try {
    const order = await orderWithInvoiceNumber(deps.db, orderId);
    if (!order) return;
    const lines = await orderLinesOf(deps.db, orderId);
    const accountIds = [...new Set(lines.flatMap((line) => (line.account_id === null ? [] : [line.account_id])))];
    const authorised = await authorisedPayerEmails(deps.db, accountIds.length ? accountIds : [0]);
    const recipients = [...new Set([order.billing.email, ...authorised])];
    const money = (minor: number) => formatMoney(Number(minor), order.territory);
    // A bureau order pays for a cleansed file's results: its line counts records, not clicks.
    const bureau = order.kind === 'bureau';
    const unit = bureau ? 'records' : 'clicks';
    const number = invoiceNumberText(order.territory, order.number);
    const subject = `${order.kind === 'renewal' ? 'Automatic renewal' : 'Your order'}: receipt ${number}`;
    const body = [
      `Thank you: payment received for invoice ${number}.`,
      ...lines.map((line) => `${line.account_name}: ${line.plan_name}, ${line.clicks.toLocaleString('en-GB')} ${unit}, ${money(line.price)}`),
      `Net ${money(order.net)}; ${salesTax[order.territory].label} ${money(order.tax)}; total ${money(order.total)}.`,
      bureau
        ? "The cleansed file can be downloaded at once from the file's page. The printable invoice is in the billing history of the services page."
        : 'The clicks can be used at once. The printable invoice is in the billing history of the services page.',
    ];
    for (const to of recipients) await deps.mail.send(mailOf(to, subject, body, `receipt ${number}`));
  } catch (error) {
    // The payment stands whatever happens to the mail; the invoice is in the billing history.
    deps.log.error(error, 'receipt mail failed');
  }
}

/** Why a renewal was not made, as the notice says it. */
export const noticeText = {
  cap: 'it would pass the monthly cap on automatic renewals',
  card: 'the account has no saved card',
  declined: 'the saved card was declined',
  plan: 'the plan is no longer on sale',
} as const;
export type NoticeReason = keyof typeof noticeText;

/** A renewal not made: to owners and authorised payment users. */
export async function sendRenewalNotice(
  deps: Pick<Deps, 'db' | 'mail' | 'log'>,
  notice: { accountId: number; account: string; plan: string; clicks: number; reason: NoticeReason; detail: string },
): Promise<void> {
  try {
    const subject = `${notice.plan}: automatic renewal not made`;
    const body = [
      `The automatic renewal of ${notice.clicks.toLocaleString('en-GB')} clicks of ${notice.plan} for ${notice.account} was not made: ${noticeText[notice.reason]}.`,
      notice.detail,
      'Buy clicks in the shop, or change the card, the monthly cap or the renewal on the services page (Billing).',
    ].filter(Boolean);
    for (const to of await paymentContacts(deps.db, [notice.accountId])) await deps.mail.send(mailOf(to, subject, body, `${notice.account}, ${notice.plan}: renewal not made (${notice.reason})`));
  } catch (error) {
    deps.log.error(error, 'renewal notice mail failed');
  }
}
