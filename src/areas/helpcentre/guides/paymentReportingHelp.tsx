import { Flow } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'How paying works in the portal: the card saved for an account, who may pay for it, the invoices for bundles and cleansed files, and where to find what you have been charged.',
  sections: [
    {
      heading: 'Saved payment details',
      blocks: [
        'An account can keep one card for automatic renewals. The portal shows only the card brand, the last four digits and the expiry month and year (Visa •••• 4242, expires 12/2034), with the billing email that receives receipts. The full card number is held by the payment provider, never by the portal.',
        {
          steps: [
            'Open **Administration › Services** for the account and choose the **Billing** tab (owners of the account see it).',
            'Under **Saved card**, choose **Save a card** (or **Replace card**): you go to the payment provider’s secure page, enter the card there, and come back to the Billing tab with “Your card is saved”.',
            'To stop using the card, choose **Remove card** and confirm. Automatic renewals stop until a card is saved again.',
          ],
        },
      ],
    },
    {
      heading: 'Who may pay for an account',
      blocks: [
        'Owners of an account are always its **authorised payment users**. Owners may authorise other users of the account as well: they receive its receipts and renewal notices and may see its billing history. On the **Billing** tab, choose a user of the account under **Authorised payment users** and select **Authorise**; **Remove** (and confirm) takes them off again.',
      ],
    },
    {
      heading: 'How a payment goes',
      blocks: [
        {
          figure: (
            <Flow
              label="A payment"
              steps={[
                { title: 'Order', text: 'basket, bundle invoice or cleansed file' },
                { title: 'Payment page', text: 'secure, run by the payment provider' },
                { title: 'Back to the portal', text: 'paid, or cancelled' },
                { title: 'Receipt', text: 'sent to the billing email' },
              ]}
            />
          ),
          caption: 'Every payment is made on the payment provider’s secure page; the portal takes you there and back.',
        },
        {
          table: {
            head: ['You pay for', 'Where', 'Currency'],
            rows: [
              ['Plans in the shop', 'Basket › Check out', '£ or A$, by portal'],
              ['A bundle of clicks arranged with us', 'The bundle’s invoice link in Administration › Services', 'As invoiced'],
              ['A cleansed file', 'Pay on the file’s results', '£'],
              ['Renewals', 'Charged to the saved card', 'As the plan'],
            ],
          },
        },
        { note: 'Cancelling on the payment page brings you back with nothing charged: the basket, bundle or file waits for you.' },
      ],
    },
    {
      heading: 'Finding what you were charged',
      blocks: [
        {
          list: [
            '**Receipts** for every payment go to the billing email you gave.',
            'The **Billing history** on the Billing tab of **Administration › Services** lists every invoice of the account, newest first: its number (UK-000042 or AU-000042, numbered without gaps), date, what it covers, net, VAT or GST, and total. **Open invoice** shows the printable invoice in a new tab; **Export CSV** saves the list for a spreadsheet.',
            '**Reporting › Summary** shows each plan with its price and, for renewing plans, the next renewal’s clicks and price.',
            'The **Address Cleanse** reports show files and cost per processing area for any dates, all files or only the ones you paid for.',
          ],
        },
        'Staff see the charges of every account on the **Charges** page (linked from the account search): filter by dates, status and territory, read the paid totals per currency and per day, and export the list as CSV.',
      ],
    },
    {
      heading: 'When a payment fails',
      blocks: [
        'If the portal shows "Failed to …" with a reason, nothing was charged. A declined card is declined by your bank: try another card, or ask your bank. If a renewal fails, the plan carries on until its clicks run out; update the card to let the next renewal through.',
      ],
    },
  ],
  related: ['automaticRenewalsHelp', 'shopHelpGuide', 'providerServicesGuide'],
};

export default guide;
