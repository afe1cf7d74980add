import { UsageBars } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'The Reporting menu shows how the selected account uses its clicks: what each subscription consumed in a range of dates against what it has left, its use period by period and by country, and its use per API token. Reports are for owners of the account, and for staff.',
  sections: [
    {
      heading: 'Choosing the range',
      blocks: [
        'Every report has the same **Range** box at the top and the tabs **Summary**, **Services** and **Tokens**, which keep the range you chose.',
        {
          steps: [
            'Set **From** and **To**, and the **Period**: **Daily**, **Weekly** or **Monthly**.',
            'Press **Apply**, or use a quick range: **This month**, **Last month** or **Last 3 months**.',
            'The page opens on the last three months, by month.',
          ],
        },
        {
          list: [
            'With a **monthly** period, the report covers whole months: a from date of 14/02/2025 counts from 01/02/2025, and a to date of 10/04/2025 counts up to the start of May, so April is complete. The page prints the range it used (dd/mm/yyyy).',
            'A range may span at most 24 months.',
          ],
        },
      ],
    },
    {
      heading: 'Summary',
      blocks: [
        '**Reporting › Summary** answers "will we run out?". Under **Remaining against consumed**, a bar chart and the **Subscriptions** table list every subscription of the account:',
        {
          table: {
            head: ['Column', 'What it tells you'],
            rows: [
              ['Subscription', 'The plan bought for the service.'],
              ['Consumed in range', 'Clicks the subscription used in the range you chose.'],
              ['Remaining now', 'Clicks its running bundles have left today.'],
              ['Service', 'The service (for example Email Validation).'],
            ],
          },
        },
        '**Usage over time** then draws each subscription used in the range, period by period, with the **Clicks per period** table. End dates and renewals are not in the report: they are on **Administration › Services**.',
      ],
    },
    {
      heading: 'Services',
      blocks: [
        '**Reporting › Services** shows usage **Per plan and service** over the range: choose one **Plan**, or **All plans**. Beside the clicks it counts the test calls made with the X-Test-Call header on plans that allow them: they are free and not among the clicks.',
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
        '**Per country** splits the same calls by where they came from (the caller’s address), with each country’s share.',
      ],
    },
    {
      heading: 'Tokens',
      blocks: [
        '**Reporting › Tokens** shows **Per token** the clicks of each API token, named by its tag; a deleted token keeps its usage and is marked "(deleted)". Give every website or system its own token with a clear tag ("shop-checkout", "crm-import") and this report tells you which one uses what.',
        { note: 'Under **Token detail**, choose one **Token** to see its clicks per plan over time.' },
        'An account with no tokens and no usage says so, with a link to **Administration › Tokens**.',
      ],
    },
    {
      heading: 'Address Cleanse figures',
      blocks: [
        'File cleansing is reported on **Applications › Address Cleanse** itself: for each reference file, the files, cost, input records, matching, deduplication and suppression figures, for all your files beside the ones you paid for, between the dates you choose.',
      ],
    },
    {
      heading: 'Reading the numbers well',
      blocks: [
        {
          list: [
            'Dates are day first: dd/mm/yyyy.',
            'Reports are per account: with an organisation selected the page asks you to choose one of its accounts; use Change Account to see another.',
            'Usage counts every call, from the portal pages and from your own systems alike.',
            'Every table has **Export CSV**, with exactly the rows and totals shown.',
          ],
        },
      ],
    },
  ],
  related: ['automaticRenewalsHelp', 'providerServicesGuide', 'devDocsHelpGuide'],
};

export default guide;
