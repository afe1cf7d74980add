import { Flow } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'The shop is where you buy clicks: plans for Address Lookup, Email Validation, Payment Validation and Name Validation, for the account you have selected. Prices are in £ on the UK portal and A$ on the Australian one, per 1,000 clicks before tax: VAT at 20% in the UK, GST at 10% in Australia, added to the whole order.',
  sections: [
    {
      heading: 'Who can buy',
      blocks: [
        'The **Shop** link and the basket icon are there for owners of the selected account. Accounts under a referrer partner buy through their partner, so they do not see it. Staff do not buy for customers: the account’s own owners do.',
      ],
    },
    {
      heading: 'Buying a plan',
      blocks: [
        {
          figure: (
            <Flow
              label="Buying in the shop"
              steps={[
                { title: 'Choose a service', text: 'Shop page' },
                { title: 'Choose a plan', text: 'clicks and price' },
                { title: 'Add to basket', text: 'the basket icon counts items' },
                { title: 'Check out', text: 'billing details' },
                { title: 'Pay', text: 'secure payment page' },
                { title: 'Thank you', text: 'clicks added to the account' },
              ]}
            />
          ),
          caption: 'Choose a service and a plan, add it to the basket, check out, pay, and land on the thank-you page.',
        },
        {
          steps: [
            'Open **Shop** and choose a service.',
            'Compare the plans side by side, narrow them with the filter chips, and type a number of clicks in a plan’s price calculator: it shows the price, the VAT or GST and the total, beside the plan’s price bands. The cheapest plan per click is usually the biggest one you will really use.',
            '**Add to basket**. Adding a plan that is already in the basket adds the clicks together (the page says so). The basket icon in the account bar shows the number of items.',
            'Open the basket, change the clicks or remove items, check the totals and **Checkout**.',
            'Enter the billing name, company, email and address (address lines, town, county, postcode, country) for the invoice.',
            'Pay on the secure payment page. You come back to the **Thank you** page: once the payment is confirmed (it may say "Confirming your payment…" for a few seconds) the clicks are on the account and can be spent at once, and **View your invoice** opens the printable invoice.',
          ],
        },
      ],
    },
    {
      heading: 'Your basket',
      blocks: [
        {
          list: [
            'Each account has its own basket. Switch account and you see that account’s basket.',
            'The basket is kept in this browser until you check out, so you can leave and come back to it.',
            'Items are listed by plan, then by number of clicks.',
            'Checking out an empty basket is refused with "No items in basket".',
          ],
        },
        { note: 'If you cancel on the payment page, or your card is declined, you come back to the basket and nothing is charged. Your basket is still there, with a message saying what happened.' },
      ],
    },
    {
      heading: 'The services in the shop',
      blocks: [
        {
          table: {
            head: ['Service', 'What a click buys'],
            rows: [
              ['Address Lookup', 'Finding and retrieving addresses as people type.'],
              ['Email Validation', 'Checking an email address: syntax, domain, disposable and role addresses.'],
              ['Payment Validation', 'Checking bank details: UK sort codes and account numbers (sold on the UK portal).'],
              ['Name Validation', 'Checking that a name is a plausible person’s name, spotting false, offensive and incomplete names.'],
            ],
          },
        },
        'Files are not bought in the shop: Address Cleanse shows the cost of each file before you pay for it.',
      ],
    },
    {
      heading: 'After you buy',
      blocks: [
        'The new clicks show on **Administration › Services** and **Reporting › Summary** with the plan’s end date. You receive a receipt at the billing email. To keep a plan topped up without coming back to the shop, turn on automatic renewal (see Automatic renewals).',
        'Some plans are withdrawn and replaced over time. A plan you already have keeps working; the Summary report marks it and names the plan that replaces it.',
      ],
    },
  ],
  related: ['automaticRenewalsHelp', 'paymentReportingHelp', 'ReportingSummaryGuide'],
};

export default guide;
