import { Flow } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'The services of an account, the bundles of clicks that feed them and the API tokens that use them. This guide is for account owners, partners who look after their customers’ accounts, and our sales and support staff.',
  sections: [
    {
      heading: 'How clicks reach a call',
      blocks: [
        {
          figure: (
            <Flow
              label="From a bundle to a call"
              steps={[
                { title: 'Bundle or plan', text: 'clicks for a period' },
                { title: 'Account', text: 'holds the plans of each service' },
                { title: 'Token', text: 'a key for one website or system' },
                { title: 'Call', text: 'uses clicks, counted per token' },
              ]}
            />
          ),
          caption: 'Clicks are bought as plans or arranged as bundles for an account; calls made with one of the account’s tokens use them, and are counted against that token too.',
        },
      ],
    },
    {
      heading: 'The Services page',
      blocks: [
        '**Administration › Services** lists each service of the account with its plans: clicks left, end date, estimated expiry date, whether it renews automatically, and the bundles added to it, newest first.',
        'Owners can switch a plan’s subscription off and on for the account here, and manage the account’s payment details.',
      ],
    },
    {
      heading: 'Bundles',
      blocks: [
        'A bundle is a block of clicks we arrange with you for an account, for a set period and price, outside the shop: for example a yearly contract, or extra clicks for a campaign.',
        {
          steps: [
            'Sales, admin or super staff open **Administration › Services** for the account and choose **Create bundle**.',
            'They choose the plan, the number of clicks, the start and end dates and the price.',
            'The bundle appears on the account’s plan. Its **invoice** link opens the payment page; the customer pays there and comes back to the portal.',
          ],
        },
        { note: 'When a bundle is changed, leaving its start date empty keeps the start date it has.' },
        'Partners see, for each organisation and account they look after, the plan, its click limit, clicks used and remaining, and its start, end and estimated expiry dates.',
      ],
    },
    {
      heading: 'API tokens',
      blocks: [
        'Tokens let your websites and systems use the account’s services. Manage them in **Administration › Tokens** (owners).',
        {
          table: {
            head: ['Setting', 'Why it matters'],
            rows: [
              ['Tag', 'A name for what uses the token ("shop-checkout"). The Tokens report groups usage by tag.'],
              ['IP ranges', 'Only calls from these addresses are accepted. Set them for server-to-server use.'],
              ['Referrer', 'Only calls from pages of this website are accepted. Set it for tokens used in web pages.'],
              ['Expiry', 'After this date the token stops working. Tokens made with Export API Token last one year.'],
              ['Locked', 'A locked token is refused straight away. Lock a token you think has leaked; unlock it when it is safe.'],
            ],
          },
        },
        'Each token can also be allowed or refused individual services, so a website token for Address Lookup cannot be used for Email Validation.',
      ],
    },
    {
      heading: 'Good habits',
      blocks: [
        {
          list: [
            'One token per website or system, each with a clear tag: you see who uses what, and can lock one without stopping the others.',
            'Restrict every token: referrer for web pages, IP ranges for servers.',
            'Check **Reporting › Tokens** after a launch: a token using far more than expected is worth a look.',
          ],
        },
      ],
    },
  ],
  related: ['devDocsHelpGuide', 'ReportingSummaryGuide', 'accountAdminHelpGuide'],
};

export default guide;
