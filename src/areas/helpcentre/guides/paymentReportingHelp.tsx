import { Flow } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'How paying works in the portal: the card saved for an account, who may pay for it, what is paid where (the shop, automatic renewals, cleansed files), and where to find what you have been charged.',
  sections: [
    {
      heading: 'Saved payment details',
      blocks: [
        'An account can keep one card for automatic renewals. The portal shows only the card brand, the last four digits and the expiry month and year (Visa •••• 4242, expires 12/2034), with the billing email that receives receipts. The full card number is held by the payment provider, never by the portal.',
        {
          steps: [
            'Open **Administration › Services** for the account and choose the **Billing** tab (owners of the account see it).',
            'Under **Saved card**, choose **Save a card** (or **Replace card**): you go to the payment provider’s secure page, enter the card there, and come back to the Billing tab with “Your card is saved”.',
            'To stop using the card, choose **Remove card** and **Yes, remove the card**. Automatic renewals stop until a card is saved again; purchases in the shop ask for a card each time anyway.',
          ],
        },
      ],
    },
    {
      heading: 'Who may pay for an account',
      blocks: [
        'Owners of an account are always its **authorised payment users**. Owners may authorise other users of the account as well: they receive its receipts and renewal notices and may see its billing history. On the **Billing** tab, under **Authorised payment users**, pick them in **Authorise a user of the account** and select **Authorise**; **Remove** (and confirm) takes them off again.',
        'An authorised payment user who is not an owner sees **Billing of** the account on their **Home** page: there they save or replace the card that pays its automatic renewals and open its invoices. Buying in the shop, turning renewals on and the monthly cap stay with owners.',
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
                { title: 'Order', text: 'basket or cleansed file' },
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
              ['Plans in the shop (owners)', 'The basket’s **Checkout** button, which shows the total', '£ or A$, by the account’s territory'],
              ['A cleansed file (UK)', 'The file’s page: fill in the **Billing details** and choose **Pay** (the button shows the total)', '£'],
              ['Automatic renewals', 'Charged to the saved card, within the monthly cap', 'As the plan'],
              ['A bundle added by our staff', 'Not paid in the portal: it is shown as “Added by staff” with its price', 'As agreed with us'],
            ],
          },
        },
        { note: 'Cancelling on the payment page, or a declined card, brings you back with nothing charged: the basket or the file waits for you, and the file page keeps your billing details to try again.' },
      ],
    },
    {
      heading: 'Finding what you were charged',
      blocks: [
        {
          list: [
            '**Receipts** for every payment go to the billing email you gave.',
            'The **Billing history** on the Billing tab of **Administration › Services** lists every invoice of the account, newest first, with the columns **Invoice** (UK-000042 or AU-000042, numbered without gaps), **Date**, **Description**, **Net**, **VAT/GST** and **Total**. **Open invoice** shows the printable invoice in a new tab; a bundle our staff ended early has its credit note there too (**Open credit note**); **Export CSV** saves the list for a spreadsheet.',
            'The **Automatic renewal** box of each subscription on **Administration › Services** shows the next renewal’s clicks and price, and how the last one went; the **Bundles** table lists each bundle’s **Price** and **Source** (Bought, Automatic renewal, Added by staff).',
            '**Applications › Address Cleanse** shows the files and their cost per reference file for the dates you choose, for all your files beside the ones you paid for.',
          ],
        },
        'Staff see the charges of every account on the **Charges** page (linked from the account search): filter by **From**, **To**, **Status** and territory, read the **Paid totals** per currency and per day, and export the list as CSV.',
      ],
    },
    {
      heading: 'When a payment fails',
      blocks: [
        'A declined card is declined by your bank: nothing is charged; try another card, or ask your bank. If a renewal is not made (no card, a declined card, or the monthly cap), the plan carries on until its clicks run out, the owners and authorised payment users are emailed, and the **Automatic renewal** box says how the last one went; save a card on the **Billing** tab to let the next renewal through.',
      ],
    },
  ],
  related: ['automaticRenewalsHelp', 'shopHelpGuide', 'providerServicesGuide'],
};

export default guide;
