import { Flow } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'Email Validation checks an email address before you rely on it: is it written correctly, does its domain exist and accept mail, is it a throwaway address, is it a shared role mailbox? Check addresses as people type them into your forms, or check the ones you already hold before a mailing.',
  sections: [
    {
      heading: 'Before you start',
      blocks: [
        {
          list: [
            'The selected account needs an **Email Validation** plan with clicks left: **Shop › Email Validation**.',
            'The checking page is **Applications › Email Validation**, for owners and members of the account.',
            'From your own systems, use an API token of the account (see the Developer guide).',
          ],
        },
      ],
    },
    {
      heading: 'What is checked',
      blocks: [
        {
          figure: (
            <Flow
              label="The checks on an email address"
              steps={[
                { title: 'Syntax', text: 'one @, allowed characters, a real-looking domain' },
                { title: 'Domain', text: 'exists and is set up to receive mail' },
                { title: 'Disposable', text: 'a throwaway mailbox service?' },
                { title: 'Role', text: 'info@, sales@, admin@ and the like' },
              ]}
            />
          ),
          caption: 'Each address goes through the checks in turn: syntax, domain, disposable mailbox, role address.',
        },
        {
          table: {
            head: ['Check', 'What a failure means', 'What to do'],
            rows: [
              ['Syntax', 'The address cannot exist as written, e.g. "jo.smith@@example.com" or "jo smith@example.com".', 'Ask the person to correct it while they are still on your form.'],
              ['Domain', 'The part after the @ does not exist or takes no mail, often a typing slip such as "gmial.com".', 'Suggest a correction, or ask again.'],
              ['Disposable', 'The address belongs to a service that hands out short-lived mailboxes.', 'Fine for a one-off download; a poor choice for accounts, orders and invoices.'],
              ['Role', 'The address reaches a team or function (info@, accounts@) rather than one person.', 'Often right for business customers; avoid for personal marketing consent.'],
            ],
          },
        },
        'The domain check reads the domain’s mail servers (MX records) from DNS. No message is sent and the mailbox itself is never probed, so a **Valid** result means the address is well formed and its domain accepts mail, not that the mailbox exists. Keep asking people to confirm their address where it matters (for example by sending a code, as this portal does when you register).',
      ],
    },
    {
      heading: 'Checking an address in the portal',
      blocks: [
        {
          steps: [
            'Open **Applications › Email Validation** with the account you want to use selected. The page shows the clicks left.',
            'Type or paste the address into **Email address** and choose **Check**.',
            'Read the result: a badge (**Valid**, **Invalid**, **Catch-all**, **Unknown**, **Disposable** or **Role account**) with what it means, the reasons under **Why**, the domain’s mail servers, and under **Not checked** what the check did not look at (whether the mailbox exists: no probe is made).',
            'If the result offers **Did you mean** a corrected address, choosing it checks that address (one click).',
            'The addresses you checked are listed under **Checked this visit**; **Show** brings a result back without using a click.',
          ],
        },
        'Each check uses one click from the plan, so the page is best for spot checks and for trying the service; large lists are better sent through the API from your own systems.',
      ],
    },
    {
      heading: 'Checking from your own systems',
      blocks: [
        'Your system sends the address to the verify call and gets the result back, with an id. Asking for that id again returns the same result without using a click. If a domain could not be checked in time the result is **Unknown**: check the address again later. The Developer guide shows both calls.',
        { note: 'Check addresses at the point of entry: a form that says "did you mean gmail.com?" fixes the problem before it reaches your database.' },
      ],
    },
    {
      heading: 'Clicks and reports',
      blocks: [
        'Every check uses clicks from the account’s Email Validation plan, from the portal or the API alike. **Reporting › Summary** shows the clicks left and the average use; **Reporting › Tokens** shows which token (website, system) used them.',
      ],
    },
  ],
  related: ['devDocsHelpGuide', 'ReportingSummaryGuide', 'shopHelpGuide'],
};

export default guide;
