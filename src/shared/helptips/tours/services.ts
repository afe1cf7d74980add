import type { HelpTour } from '../../../../contract/shared/helpTips';

/**
 * The tour of /administration/services, shown when the account has a subscription: its tips point at
 * the first subscription's status, usage, bundles and actions (src/areas/administration/services).
 */
export const servicesTour: HelpTour = {
  tourName: 'services',
  tips: [
    {
      helpTipName: 'welcome',
      order: 1,
      side: 'middle',
      title: 'Your services',
      helpText:
        '<p>Each card is one subscription of this account: a plan of one service, such as address lookup or email validation, and the bundles of clicks bought for it.</p>',
    },
    {
      helpTipName: 'status',
      order: 2,
      side: 'bottom',
      targetId: 'services-status',
      title: 'Status',
      helpText: '<p>The badge says whether calls are answered; the words under it say why.</p>',
      helpTable: [
        { key: 'Active', text: 'Clicks are available and calls are answered.' },
        { key: 'No clicks left', text: 'Buy more, or let the subscription renew.' },
        { key: 'Expired', text: 'The last bundle ended: buy a new one.' },
        { key: 'No longer sold', text: 'The plan keeps working until its bundles end; its replacement is named.' },
      ],
    },
    {
      helpTipName: 'usage',
      order: 3,
      side: 'top',
      targetId: 'services-usage',
      title: 'Clicks and dates',
      helpText:
        '<p>Clicks remaining, how fast they are used, and the change against the previous period. The estimated expiry is when the clicks run out at that pace, or the end date if that comes first.</p>',
    },
    {
      helpTipName: 'bundles',
      order: 4,
      side: 'top',
      targetId: 'services-bundles',
      title: 'Bundles',
      helpText: '<p>Every bundle of clicks, newest first, with what it cost. <b>Export CSV</b> saves the table for your records.</p>',
    },
    {
      helpTipName: 'actions',
      order: 5,
      side: 'left',
      targetId: 'services-actions',
      title: 'Disable or enable',
      helpText:
        '<p><b>Disable</b> stops calls and automatic renewal; the clicks left are kept. <b>Enable</b> asks for your password and how many clicks each automatic renewal buys.</p>',
    },
  ],
};
