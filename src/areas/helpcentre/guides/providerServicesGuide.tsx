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
          caption: 'Clicks come in bundles of a plan: bought in the shop, made by an automatic renewal, or added by our staff. Calls made with one of the account’s tokens use them, and are counted against that token too.',
        },
      ],
    },
    {
      heading: 'The Services page',
      blocks: [
        '**Administration › Services** (owners of the account, and staff) has one card per subscription: its service and plan, its status, **clicks remaining**, **Average clicks a day**, the clicks **Used in the last** days of its period, **End date**, **Estimated expiry** and **Estimated renewal**, and the table **Bundles of** the plan, newest first, with **Export CSV**.',
        {
          list: [
            '**Automatic renewal**: says whether and how the subscription renews; an owner chooses **Change renewal** (or **Turn renewal on**) to set the clicks of each renewal, with their password.',
            '**Disable** stops a subscription for the account; only an owner can **Enable** it again, because enabling commits the account to paying for renewals.',
            '**Usage alerts**: **Set alerts** (or **Change alerts**) chooses the shares of the clicks used (for example 80%) at which the owners are emailed.',
            'On plans that allow them, test calls are free: send the header X-Test-Call with a call; the card counts them.',
            'Owners also have the **Billing** tab: the saved card, the monthly cap on automatic renewals, the authorised payment users and the billing history.',
          ],
        },
      ],
    },
    {
      heading: 'Bundles',
      blocks: [
        'A bundle is a block of clicks of one plan for a set period. Its **Source** says where it came from: **Bought** in the shop, **Automatic renewal**, or **Added by staff** (for example a yearly contract, or extra clicks for a campaign, arranged with us).',
        {
          steps: [
            'Sales, admin or super staff open **Administration › Services** for the account and choose **Create a bundle**.',
            'They choose the **Plan**, the **Clicks**, the **Price**, the **Start date** and the **End date**, and choose **Create bundle**.',
            'The bundle appears in the plan’s bundles table with its **Clicks**, **Used**, **Remaining**, **Price**, **Start** and **End**. A bundle added by staff is not paid in the portal.',
          ],
        },
        { note: 'When a bundle is changed (**Edit**, then **Save bundle**), leaving its start date empty keeps the start date it has. A paid bundle keeps the price its invoice bills.' },
        {
          list: [
            'A bundle with no clicks used and no invoice can be deleted (**Delete**).',
            'A paid bundle is never deleted: admin and super staff choose **End bundle**, give a **Reason (the customer sees it)** and settle it with a credit note; the table then shows it **Ended**, with the reason and the credit note, and the credit note is on the Billing tab.',
          ],
        },
        'Partners see, on their **Client accounts** page (Partner › Administration), for each organisation and account they look after: the **Plan**, **Dataset type**, **Click limit**, **Used**, **Remaining**, **Start**, **End** and **Estimated expiry**.',
      ],
    },
    {
      heading: 'API tokens',
      blocks: [
        'Tokens let your websites and systems use the account’s services. Manage them in **Administration › Tokens** (owners, and staff): **Create token**, then **Edit**, **Lock** or **Unlock**, and delete each one in the **Tokens** table; select several to change them all at once. Only owners see **Export API Token** and **Export settings for API**. The **Audit log** lists what happened to the tokens.',
        {
          table: {
            head: ['Setting', 'Why it matters'],
            rows: [
              ['Tag', 'A name for what uses the token ("shop-checkout"). The Tokens report names usage by tag.'],
              ['Type', '**Server** (called from your back end, restricted by IP ranges) or **Browser** (called from your web pages, restricted by referrer, which a browser token needs).'],
              ['IP ranges', 'Only calls from these addresses are accepted. Set them for server-to-server use.'],
              ['Referrer', 'Only calls from pages of this website are accepted. Set it for tokens used in web pages.'],
              ['Expiry', 'After this date the token stops working (empty: it never expires). A token exported with Export API Token works for one year.'],
              ['Locked', 'A locked token is refused straight away. Lock a token you think has leaked; unlock it when it is safe.'],
            ],
          },
        },
        'Each token also has **Services it may call**, so a website token for Address Lookup cannot be used for Email Validation, and a **Daily cap**: the most clicks a day (UTC) it may spend.',
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
