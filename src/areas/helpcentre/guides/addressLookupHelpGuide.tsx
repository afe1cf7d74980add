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
                { title: 'Start typing', text: 'postcode, or number and street' },
                { title: 'Pick a suggestion', text: 'or Find to list every match' },
                { title: 'Get the label', text: 'laid out with your label settings' },
              ]}
            />
          ),
          caption: 'A lookup: type a little, choose the right suggestion (or Find them all), and the full address is laid out as a label.',
        },
        'There is no country to choose: the page searches the address file of the selected account’s territory, the UK’s for a UK account and Australia’s for an Australian one, and says which at the top.',
        {
          steps: [
            'Type in **Address or postcode**: a postcode (for example WS11, or 2000 in Australia) or the start of the address (12 Church Road). Suggestions appear under the box as you type; the arrow keys move through them and Enter chooses one.',
            'Choose the matching address from the suggestions. If there are too many, keep typing, or choose **Find** beside the box (or press Enter with no suggestion chosen) to list every matching address.',
            'Find lists up to 20 addresses and says when more match; **Show more** lists up to 100 (one click), or add a street or house number to narrow the search. Choose an address in the list.',
            'The full address appears as a label, laid out with your label settings, ready to copy.',
          ],
        },
        { note: 'Typing a whole postcode first is usually the quickest way to the right address.' },
      ],
    },
    {
      heading: 'Label settings',
      blocks: [
        'The **Label configuration** beside the search decides how a found address is laid out. A change redraws the label on the page at once and uses no click. The settings are kept in this browser for you, and a saved value is only used if it is one of the choices below.',
        {
          table: {
            head: ['Setting', 'Choices', 'Starts as'],
            rows: [
              ['Output fields', 'The number of lines the label has', '7 for the UK, 5 for Australia'],
              ['Label format', 'Standard, Fixed postcode, Fixed town', 'Fixed town'],
              ['Town format', 'Uppercase, Lowercase', 'Uppercase'],
              ['Reserve organisation line', 'As required, Always, Never', 'As required'],
              ['Include county (Include state for Australia)', 'As required, Always, Never', 'As required for the UK, Always for Australia'],
            ],
          },
        },
        {
          list: [
            '**Standard**: lines follow one another and any spare lines are left at the end.',
            '**Fixed postcode**: the postcode is always on the last line.',
            '**Fixed town**: the town (and the county, when shown) is always on the lines just before the postcode, and the postcode on the last line, so every address lines up the same way. This suits mail merges and databases with separate Town and Postcode columns.',
            '**Reserve organisation line**: Always keeps the first line for a company name even when there is none; Never leaves the organisation out.',
            '**Include county**: Always adds the county to every address; As required adds it only when the address needs it.',
            '**Australian addresses** end with the locality, state and postcode on one line, as Australia Post asks (SYDNEY NSW 2000); **Include state** decides whether the state is on that line.',
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
