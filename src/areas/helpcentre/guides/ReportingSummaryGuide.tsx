import { UsageBars } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'The Reporting menu shows how the selected account uses its clicks: a summary of every plan, usage of each service over time, and usage per API token. Reports are for owners of the account, and for staff.',
  sections: [
    {
      heading: 'Summary',
      blocks: [
        '**Reporting › Summary** has one row per plan on the account. It is the page to check when you want to know whether you will run out.',
        {
          table: {
            head: ['Column', 'What it tells you'],
            rows: [
              ['Service and plan', 'The service (for example Email Validation) and the plan bought for it.'],
              ['End date', 'The last day of the plan (dd/mm/yyyy).'],
              ['Remaining clicks', 'Clicks left to use.'],
              ['Average clicks', 'Your average use per period, from recent usage.'],
              ['Clicks used in period', 'How many clicks the current period has used so far.'],
              ['Change', 'How this period’s use compares with the one before: a big rise may mean a new website form, or misuse of a token.'],
              ['Status', 'The state of the plan.'],
              ['Renewal', 'For renewing plans: the estimated renewal date, and the clicks and price of the renewal.'],
            ],
          },
        },
        'A plan that has been withdrawn is marked as deprecated, with the name of the plan that replaces it.',
      ],
    },
    {
      heading: 'Services',
      blocks: [
        '**Reporting › Services** shows one plan’s usage over the dates you choose, period by period.',
        {
          figure: (
            <UsageBars
              label="Example: clicks used per month"
              months={[
                { month: 'Jan 2025', clicks: 18250 },
                { month: 'Feb 2025', clicks: 16900 },
                { month: 'Mar 2025', clicks: 21400 },
                { month: 'Apr 2025', clicks: 26800 },
              ]}
            />
          ),
          caption: 'An example of monthly usage: a steady rise in March and April means a renewal or top-up will be needed sooner.',
        },
        {
          list: [
            'With a **monthly** period, the report covers whole months: a from date of 14/02/2025 counts from 01/02/2025, and a to date of 10/04/2025 counts up to the start of May, so April is complete.',
            'For address services, usage can also be split **by country**, to see which markets your lookups come from.',
          ],
        },
      ],
    },
    {
      heading: 'Tokens',
      blocks: [
        '**Reporting › Tokens** splits usage by API token, using each token’s tag. Give every website or system its own token with a clear tag ("shop-checkout", "crm-import") and this report tells you which one uses what, and spots a token that is being misused.',
        { note: 'Choose one token to see its usage over time, or all tokens together for the account over the same period.' },
      ],
    },
    {
      heading: 'Address Cleanse figures',
      blocks: [
        'For file cleansing, **Applications › Address Cleanse** shows per processing area the number of files, the cost, the records in and out, and the matching (matched, updated, unmatched), deduplication (unique, parent, child) and suppression figures, for all files or only those you paid for, between the dates you choose.',
      ],
    },
    {
      heading: 'Reading the numbers well',
      blocks: [
        {
          list: [
            'Dates are day first: dd/mm/yyyy.',
            'Reports are per account: use Change Account to see another account.',
            'Usage counts every call, from the portal pages and from your own systems alike.',
          ],
        },
      ],
    },
  ],
  related: ['automaticRenewalsHelp', 'providerServicesGuide', 'devDocsHelpGuide'],
};

export default guide;
