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
              ['Owner', 'Everything on the group: buying, reports, tokens, payment details, inviting and removing people.'],
              ['Sudo owner', 'Administers the account with an owner’s rights without being its named owner.'],
              ['Member', 'Uses the services of the account (the Applications pages) with its clicks.'],
              ['Manager', 'Partners only: looks after the partner’s organisations.'],
            ],
          },
        },
        'Staff of the provider have roles too: sales, admin and super. They can open owners’ pages to help you without owning your account.',
      ],
    },
    {
      heading: 'Inviting someone',
      blocks: [
        {
          steps: [
            'Open **Administration › Account** and choose **Invite**.',
            'Enter their email address and choose their **access level** (member unless they need more).',
            'Say how many hours the link stays valid: 24 unless you change it.',
            'Tick **Hand over ownership** only if you are giving the group to them.',
            'Choose **Send invitation**. They receive an email with the link, log in (or register first) and accept.',
          ],
        },
        { note: 'An invitation that runs out can simply be sent again.' },
      ],
    },
    {
      heading: 'Handing over ownership',
      blocks: [
        'Invite the new owner with **Hand over ownership** ticked. Until they accept, the account bar shows **Pending Ownership** next to the name. When they accept, they become the owner.',
      ],
    },
    {
      heading: 'Changing people’s access',
      blocks: [
        {
          list: [
            'In **Administration › Account**, choose a person to edit their access level, or remove them from the account.',
            'Staff can lock a user: a locked user cannot log in until unlocked.',
            'Each person can also be allowed or refused individual services of the account.',
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
            '**Charity status**: enter the charity number in the organisation’s details. It shows as in verification until we have checked it; confirmed charities receive charity pricing.',
            '**Corporate status** applies to organisations only. Ask us to turn it on for a group of companies managed together.',
          ],
        },
      ],
    },
  ],
  related: ['providerServicesGuide', 'portalHelpGuides', 'paymentReportingHelp'],
};

export default guide;
