import { GroupTree } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'How your business is set out in the portal, and how to manage it: organisations and accounts, the people who use them and what each may do, handing over ownership, and moving between accounts.',
  sections: [
    {
      heading: 'Partners, organisations and accounts',
      blocks: [
        {
          figure: <GroupTree />,
          caption:
            'Three levels: a partner (resellers only) holds organisations; an organisation (your company) holds accounts; each account belongs to one territory, the UK or Australia, and holds plans, tokens and users.',
        },
        {
          list: [
            'An **account** is where clicks live: its plans, its API tokens, its basket and its reports. Each is in one territory, with prices in £ or A$.',
            'An **organisation** is your company; it can hold several accounts, for example one per country or per department.',
            'A **partner** resells the services and looks after the organisations of its customers. A partner of the referrer type introduces customers who then buy for themselves.',
          ],
        },
      ],
    },
    {
      heading: 'Who may do what',
      blocks: [
        {
          table: {
            head: ['Access level', 'What it allows'],
            rows: [
              ['Owner', 'Everything on the group: buying in the shop, reports, tokens, payment details, inviting and removing people.'],
              ['Sudo owner', 'Administers the group with an owner’s rights without being its named owner; only an owner can invite an owner or hand over ownership.'],
              ['Member', 'Uses the services of the account (the Applications pages) that are ticked for them, with its clicks.'],
              ['Manager', 'Partners only: looks after the partner’s organisations.'],
            ],
          },
        },
        'Owners may also make a user of the account an **authorised payment user** (Administration › Services, **Billing** tab): they keep the card that pays renewals and read the account’s invoices, and see "Billing of" the account on Home. Buying stays with owners.',
        'Staff of the provider have roles too: sales, admin and super. They can open owners’ pages to help you without owning your account.',
      ],
    },
    {
      heading: 'Inviting someone',
      blocks: [
        {
          steps: [
            'Open **Administration › Account** and choose **Invite a user**.',
            'Enter their **Email** and choose their **Access level** (Member unless they need more).',
            'Say how long the link stays valid in **Link valid for (hours)**: 24 unless you change it.',
            'Tick **Hand over ownership of this account when accepted** only if you are giving the account to them (owners only).',
            'Choose **Send invitation**. They receive an email with the link, log in (or register first) and accept. **Invite someone else** starts a new one.',
          ],
        },
        { note: 'An invitation that runs out can simply be sent again.' },
      ],
    },
    {
      heading: 'Handing over ownership',
      blocks: [
        'Invite the new owner with **Hand over ownership of this account when accepted** ticked. Until they accept, the account bar shows **Pending Ownership** next to the name. When they accept, they become the owner.',
      ],
    },
    {
      heading: 'Changing people’s access',
      blocks: [
        {
          list: [
            'In **Administration › Account** the users table lists each person’s **Name**, **Email** and **Access** (inherited levels say "from a parent group"). Choose **Edit** to change their **Access level**, or **Remove** (and confirm) to take them off the account; only an owner can remove an owner.',
            'On the **Edit** page, **Services** lists the account’s services: only the ticked ones are available to that person, and none is ticked until someone who manages the account turns it on.',
            'Staff with the admin or super role can **Lock user**: a locked user cannot log in until **Unlock user**.',
          ],
        },
      ],
    },
    {
      heading: 'Moving between accounts',
      blocks: [
        '**Change Account** in the account bar lists your groups in a sliding list of up to three levels. Open a partner or organisation to see what is inside; **Back** goes up a level. Choosing a group with only one account selects that account straight away. The portal remembers your choice for next time.',
        'Some pages only make sense for certain accounts. If you see "This page is not currently available while using this account", choose another account with Change Account.',
      ],
    },
    {
      heading: 'Charity and corporate status',
      blocks: [
        {
          list: [
            '**Charity**: under **Organisation status** on **Administration › Organisation**, enter the **Charity number** and choose **Set charity number**. It shows as being checked until our staff confirm it and set its discounts; **Remove charity number** takes it away.',
            '**Corporate** applies to organisations only: an owner chooses **Turn on corporate status** (or **Turn off corporate status**) in the same box.',
          ],
        },
      ],
    },
  ],
  related: ['providerServicesGuide', 'portalHelpGuides', 'paymentReportingHelp'],
};

export default guide;
