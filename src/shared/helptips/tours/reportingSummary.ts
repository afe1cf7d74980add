import type { HelpTour } from '../../../../contract/shared/helpTips';

/** The tour of /reporting/summary, shown when the account has a subscription (src/areas/reporting/SummaryReport.tsx). */
export const summaryTour: HelpTour = {
  tourName: 'reportingSummary',
  tips: [
    {
      helpTipName: 'welcome',
      order: 1,
      side: 'middle',
      title: 'Your usage summary',
      helpText:
        '<p>How many clicks each subscription of this account used, how many it has left, and how use changed over time. Every chart has a table beside it with the same numbers.</p>',
    },
    {
      helpTipName: 'range',
      order: 2,
      side: 'bottom',
      targetId: 'report-range',
      title: 'Choose the range',
      helpText:
        '<p>Pick the from and to dates and the period, or one of the quick ranges. The page prints the dates it covers: with <b>Monthly</b>, a range runs from the first day of its first month to the last day of its last month.</p>',
      helpTable: [
        { key: 'Daily', text: 'One bar or point per day.' },
        { key: 'Weekly', text: 'Weeks from Monday to Sunday.' },
        { key: 'Monthly', text: 'Whole calendar months.' },
      ],
    },
    {
      helpTipName: 'subscriptions',
      order: 3,
      side: 'top',
      targetId: 'summary-subscriptions',
      title: 'Remaining against consumed',
      helpText:
        '<p>Solid bars are the clicks used in the range; hatched bars the clicks left today in the bundles running now. When the hatched bar gets short, buy more in the Shop.</p>',
    },
    {
      helpTipName: 'overTime',
      order: 4,
      side: 'top',
      targetId: 'summary-over-time',
      title: 'Usage over time',
      helpText:
        '<p>One line per subscription. Focus the chart and use the arrow keys to read each period. <b>Export CSV</b> saves any table for a spreadsheet.</p>',
      helpTextAfterTable: '<p>The <b>Services</b> and <b>Tokens</b> reports break the same clicks down by country and by API token.</p>',
    },
  ],
};
