import { RenewalTimeline } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'With automatic renewal on, a plan tops itself up before its clicks run out: the same number of clicks for the same price, paid with the account’s saved card. Your lookups and checks keep working without anyone remembering to visit the shop.',
  sections: [
    {
      heading: 'How renewal works',
      blocks: [
        {
          figure: <RenewalTimeline />,
          caption:
            'Remaining clicks fall as you use them. From your average use the portal estimates when they would run out; a renewal adds clicks before that happens. Without renewal the plan stops when the clicks run out or at its end date.',
        },
        {
          list: [
            'Every plan has an **end date**. The portal also works out an **estimated expiry date**: the day your clicks would run out at your average rate of use.',
            'A plan with renewal on shows an **estimated renewal date** and what the renewal will cost: its clicks and price.',
            'The renewal is charged to the saved card, and a receipt goes to the billing email.',
          ],
        },
      ],
    },
    {
      heading: 'Turning renewal on',
      blocks: [
        {
          steps: [
            'Make sure the account has saved payment details (see Payments, invoices and charges) and that you are one of its authorised payment users.',
            'Open **Administration › Services** for the account and find the plan.',
            'Turn on automatic renewal and choose how many clicks each renewal should add.',
            'Confirm with your password. Because this agrees to future payments, the portal asks for it again even though you are logged in.',
          ],
        },
      ],
    },
    {
      heading: 'Turning renewal off',
      blocks: [
        'Turn it off in the same place. Nothing more is charged; the plan keeps the clicks it has until they are used or the end date passes. You can buy more in the shop whenever you like.',
        { note: 'Removing the saved payment details of an account also stops its renewals, as there is nothing left to charge.', tone: 'warning' },
      ],
    },
    {
      heading: 'Keeping an eye on renewals',
      blocks: [
        {
          table: {
            head: ['Where', 'What you see'],
            rows: [
              ['Reporting › Summary', 'Each plan with remaining clicks, average use, end date, and the estimated renewal date with its clicks and price.'],
              ['Administration › Services', 'The plans of the account with their renewal setting, and the bundles of clicks added to them.'],
              ['The billing email', 'A receipt for each renewal.'],
            ],
          },
        },
        'If a plan you renew is withdrawn, the Summary report marks it and names the plan that replaces it; choose the new plan before the next renewal is due.',
        'Use grows with your business: if renewals come round much sooner than you expected, a bigger plan is usually cheaper per click.',
      ],
    },
  ],
  related: ['paymentReportingHelp', 'ReportingSummaryGuide', 'shopHelpGuide'],
};

export default guide;
