import { Flow } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'The shop is where you buy clicks: plans for Address Lookup, Email Validation, Payment Validation and Name Validation, for the account you have selected. Prices are in £ on the UK portal and A$ on the Australian one.',
  sections: [
    {
      heading: 'Who can buy',
      blocks: [
        'The **Shop** link is there for owners of the selected account. Accounts under a referrer partner buy through their partner, so they do not see it. Staff can open the shop for accounts they look after.',
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
            'Compare the plans: how many clicks, the price, the dataset they cover and how long they last. The cheapest plan per click is usually the biggest one you will really use.',
            'Add the plan to the basket, as many times as you need. The basket icon in the account bar shows the number of items.',
            'Open the basket, check the items and **Check out**.',
            'Enter the billing name, company, email and address (address lines, town, county, postcode, country) for the invoice.',
            'Pay on the secure payment page. You come back to the **Thank you** page and the clicks are on the account.',
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
        { note: 'If you cancel on the payment page you come back to the portal and nothing is charged. Your basket is still there.' },
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
              ['Payment Validation', 'Checking bank details: UK sort codes and account numbers, Australian BSBs.'],
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
        'The new clicks show on **Reporting › Summary** with the plan’s end date. You receive a receipt at the billing email. To keep a plan topped up without coming back to the shop, turn on automatic renewal (see Automatic renewals).',
        'Some plans are withdrawn and replaced over time. A plan you already have keeps working; the Summary report marks it and names the plan that replaces it.',
      ],
    },
  ],
  related: ['automaticRenewalsHelp', 'paymentReportingHelp', 'ReportingSummaryGuide'],
};

export default guide;
