import { BankCodes } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'Payment Validation checks bank details before you set up a Direct Debit, pay a supplier or refund a customer: a UK sort code with its account number, or an Australian BSB with its account number. Catching a mistyped number here saves a failed or misdirected payment later.',
  sections: [
    {
      heading: 'The parts of bank details',
      blocks: [
        {
          figure: <BankCodes />,
          caption:
            'UK: a six-digit sort code (written in three pairs, 12-34-56) and an eight-digit account number. Australia: a six-digit BSB (written 062-000) and an account number of up to nine digits.',
        },
        {
          list: [
            'A **UK sort code** names the bank and branch. Every bank publishes rules that its account numbers follow (modulus checks), so a sort code and an account number can be checked against each other.',
            'An **Australian BSB** (Bank-State-Branch) names the financial institution, the state and the branch. Its first digits are checked against a list of the main institutions’ prefixes; the account number is checked for its length and digits. A BSB whose prefix is not in that list is answered as not known, not as wrong.',
          ],
        },
      ],
    },
    {
      heading: 'Checking bank details in the portal',
      blocks: [
        {
          steps: [
            'Select a UK account: the Payment Validation page is in the **Applications** menu for UK accounts, for owners and members.',
            'Enter the **Sort code** (six digits; spaces and dashes are fine) and the **Account number**, and choose **Check account**.',
            'Read the **Result**: whether the account number passes the Vocalink modulus check for that sort code, the reasons, the version of the Vocalink table used, and the clicks left. The check does not look up whether the sort code or the branch exists.',
          ],
        },
        'Australian accounts check BSBs and account numbers through the API, from their own systems (see the Developer guide).',
      ],
    },
    {
      heading: 'What a result tells you',
      blocks: [
        {
          table: {
            head: ['Result', 'Meaning', 'What to do'],
            rows: [
              ['Valid', 'UK: the account number passes the modulus check for the sort code. Australia: the BSB’s prefix names a known institution and the account number is well formed.', 'Go ahead with the payment set-up.'],
              ['Invalid', 'The account number fails the modulus check: it cannot belong to that sort code.', 'Ask the account holder to check their statement or card; a digit is often swapped.'],
              ['Cannot say', 'The sort code is in no range of the Vocalink table, so there is no rule to check the account number against. It does not mean the sort code is wrong.', 'Confirm the details with the account holder another way.'],
              ['Institution not known', 'Australia: the BSB is well formed but its prefix is not in the list of institutions.', 'Confirm the BSB with the account holder.'],
            ],
          },
        },
        {
          note: 'A valid result shows the details are possible, not that the branch or the account exists, is open, or whose it is. It never moves money and never contacts the account holder’s bank.',
          tone: 'warning',
        },
      ],
    },
    {
      heading: 'Plans and clicks',
      blocks: [
        'Payment Validation is sold in the shop under **Shop › Payment Validation** as plans of clicks for the bank-code service. Each check uses clicks from the account’s plan; **Reporting › Summary** shows how many are left and how fast they are being used.',
      ],
    },
  ],
  related: ['devDocsHelpGuide', 'shopHelpGuide', 'emailValidationHelpGuide'],
};

export default guide;
