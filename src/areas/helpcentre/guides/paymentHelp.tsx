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
            'An **Australian BSB** (Bank-State-Branch) names the financial institution, the state and the branch. The BSB is checked against the published BSB directory, and the account number for its length and digits.',
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
            'Enter the sort code and the account number.',
            'Read the result: whether the sort code exists, and whether the account number passes that bank’s checks.',
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
              ['Valid', 'The sort code or BSB exists and the account number passes its checks.', 'Go ahead with the payment set-up.'],
              ['Unknown sort code or BSB', 'No such bank branch is listed.', 'Ask for the details again; a digit is often swapped.'],
              ['Invalid account number', 'The number cannot belong to that branch.', 'Ask the account holder to check their statement or card.'],
            ],
          },
        },
        {
          note: 'A valid result shows the details are possible, not that the account is open or whose it is. It never moves money and never contacts the account holder’s bank.',
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
