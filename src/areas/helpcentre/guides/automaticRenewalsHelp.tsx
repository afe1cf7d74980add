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
            'The renewal is charged to the account’s saved card, and a receipt and an invoice go to the billing email. The plan’s card in Administration › Services names the card and the monthly cap beside its renewal.',
          ],
        },
      ],
    },
    {
      heading: 'Turning renewal on',
      blocks: [
        {
          steps: [
            'Make sure the account has a saved card: **Administration › Services**, **Billing** tab, **Save a card** (see Payments, invoices and charges).',
            'Open **Administration › Services** for the account and find the plan.',
            'In its **Automatic renewal** box choose **Turn renewal on** (or **Change renewal**), tick **Renew automatically** and choose how many clicks each renewal should add. The box shows what one renewal costs with VAT or GST next to the monthly cap.',
            'Confirm with your password. Because this agrees to future payments, the portal asks for it again even though you are logged in.',
          ],
        },
      ],
    },
    {
      heading: 'Turning renewal off',
      blocks: [
        'Turn it off in the same place: **Change renewal**, untick **Renew automatically**, and confirm with your password. The subscription stays enabled and nothing more is charged; the plan keeps the clicks it has until they are used or the end date passes. You can buy more in the shop whenever you like.',
        { note: 'Removing the saved card of an account also stops its renewals, as there is nothing left to charge.', tone: 'warning' },
      ],
    },
    {
      heading: 'A monthly cap on renewals',
      blocks: [
        'On the **Billing** tab, **Monthly cap on automatic renewals** sets the most the account’s renewals may cost in one calendar month, VAT or GST included (in £ for UK accounts, A$ for Australian ones). A bar shows what renewals have cost so far this month against the cap.',
        {
          list: [
            'A renewal that would take the month past the cap is **not made**. The owners and authorised payment users are emailed once that month, so someone can raise the cap or buy in the shop.',
            'Choose **No cap** to let every renewal through.',
            'With no saved card, or when the bank declines it, the renewal is not made either, and the same people are told.',
          ],
        },
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
              ['Administration › Services', 'Each plan’s renewal: on or off, its clicks and price next to the monthly cap, a warning when the cap or a missing card will stop the next one, and how the last one went (renewed, refused by the cap, card declined) with its date.'],
              ['Administration › Services › Billing', 'The saved card, the monthly cap with this month’s renewal spend, and each renewal’s invoice in the billing history.'],
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
