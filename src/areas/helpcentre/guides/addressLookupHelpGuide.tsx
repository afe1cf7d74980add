import { AddressLabels, Flow } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'Address Lookup finds a complete, correctly formatted address from a few keystrokes: a postcode, or the start of a house number and street. Use it in the portal for one-off lookups, or build it into your own forms and systems with an API token so that customers type less and you post to real addresses.',
  sections: [
    {
      heading: 'Before you start',
      blocks: [
        {
          list: [
            'The selected account needs an **Address Lookup** plan with clicks left. Buy one in **Shop › Address Lookup**.',
            'The lookup page is in **Applications › Address Lookup**, for owners and members of the account.',
            'UK accounts look up addresses from the UK address file (PAF format); Australian accounts from the Australian address file (G-NAF format).',
          ],
        },
      ],
    },
    {
      heading: 'Looking up an address',
      blocks: [
        {
          figure: (
            <Flow
              label="How a lookup goes"
              steps={[
                { title: 'Choose the country', text: 'from the list the service offers' },
                { title: 'Start typing', text: 'postcode, or number and street' },
                { title: 'Pick a suggestion', text: 'suggestions narrow as you type' },
                { title: 'Get the label', text: 'formatted with your label settings' },
              ]}
            />
          ),
          caption: 'A lookup: pick the country, type a little, choose the right suggestion, and the full address is laid out as a label.',
        },
        {
          steps: [
            'Choose the country. The list comes from the service and shows the countries your plan covers.',
            'Type a postcode (for example LE16 7AB, or 2000 in Australia) or the start of the address (12 High St).',
            'Choose the matching address from the suggestions. Keep typing if there are too many.',
            'The full address appears as a label, laid out with your label settings, ready to copy.',
          ],
        },
        { note: 'Typing a whole postcode first is usually the quickest way to the right address.' },
      ],
    },
    {
      heading: 'Label settings',
      blocks: [
        'Label settings decide how a found address is laid out. They are kept in this browser, and a saved value is only used if it is one of the choices below.',
        {
          table: {
            head: ['Setting', 'Choices', 'Starts as'],
            rows: [
              ['Output fields', 'The number of lines the label has', '7 for the UK, 5 for Australia'],
              ['Label format', 'Standard, Fixed postcode, Fixed town', 'Fixed town'],
              ['Town format', 'Uppercase, Lowercase', 'Uppercase'],
              ['Reserve organisation line', 'As required, Always, Never', 'As required'],
              ['Include county', 'As required, Always, Never', 'As required for the UK, Always for Australia'],
            ],
          },
        },
        {
          list: [
            '**Standard**: lines follow one another and any spare lines are left at the end.',
            '**Fixed postcode**: the postcode is always on the last line.',
            '**Fixed town**: the town is always on the line before the postcode, and the postcode on the last line, so every address lines up the same way. This suits mail merges and databases with separate Town and Postcode columns.',
            '**Reserve organisation line**: Always keeps the first line for a company name even when there is none; Never leaves the organisation out.',
            '**Include county**: Always adds the county (or state) to every address; As required adds it only when the address needs it.',
          ],
        },
        {
          figure: (
            <AddressLabels
              labels={[
                { format: 'Standard', lines: ['Acme Trading Ltd', '12 High Street', 'Little Bowden', 'MARKET HARBOROUGH', 'LE16 7AB', '', ''] },
                { format: 'Fixed postcode', lines: ['Acme Trading Ltd', '12 High Street', 'Little Bowden', 'MARKET HARBOROUGH', '', '', 'LE16 7AB'] },
                { format: 'Fixed town', lines: ['Acme Trading Ltd', '12 High Street', 'Little Bowden', '', '', 'MARKET HARBOROUGH', 'LE16 7AB'] },
              ]}
            />
          ),
          caption: 'The same UK address on a seven-line label in each format: Standard packs lines together, Fixed postcode keeps the postcode last, Fixed town also keeps the town just above it.',
        },
      ],
    },
    {
      heading: 'Clicks',
      blocks: [
        'Lookups use clicks from the account’s Address Lookup plan, whether they come from the portal page or from your own systems. **Reporting › Services** shows how many were used each day or month, and **Reporting › Tokens** splits them by API token. When a plan runs out of clicks, lookups stop until you buy more in the Shop or an automatic renewal tops the plan up.',
      ],
    },
    {
      heading: 'Using Address Lookup on your own website',
      blocks: [
        {
          steps: [
            'Create an API token for the account in **Administration › Tokens**, with a tag that names the website (for example "checkout-form").',
            'Restrict the token: add your website’s address as its referrer and your servers’ IP ranges, so a copied token is of no use elsewhere.',
            'Call the autocomplete service as the customer types, then the lookup service for the chosen address. The Developer guide lists the calls.',
          ],
        },
        { note: 'A token used in a web page can be seen by anyone who opens that page. Its referrer and IP restrictions are what keep it yours.', tone: 'warning' },
      ],
    },
  ],
  related: ['devDocsHelpGuide', 'shopHelpGuide', 'ReportingSummaryGuide'],
};

export default guide;
