import { Flow } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'What you can take out of the portal, and how: cleansed files, API tokens for your own systems, and the settings those systems need.',
  sections: [
    {
      heading: 'Cleansed files',
      blocks: [
        {
          figure: (
            <Flow
              label="From results to download"
              steps={[
                { title: 'Results ready', text: 'figures and cost shown' },
                { title: 'Pay', text: 'secure payment page' },
                { title: 'Download', text: 'the results as a zip file' },
              ]}
            />
          ),
          caption: 'A cleansed file can be downloaded once its results are paid for.',
        },
        {
          list: [
            'Open the file from **Applications › Address Cleanse** and choose **Download AddressCleanseResults.zip**.',
            'It holds Cleansed.csv, Suppressed.csv, Errors.csv and Summary.html and, if you asked for a separate file of duplicates, Duplicates.csv.',
            'You can download it again later from the same file, until the date in **Results kept until** in the list of your files, or until you delete the file.',
          ],
        },
        { note: 'The download link is tied to your login. Do not paste it into emails or chats: send the file through a secure channel instead.', tone: 'warning' },
      ],
    },
    {
      heading: 'API tokens',
      blocks: [
        'Your systems call the services with an API token of the account.',
        {
          steps: [
            'Open the **…** (more) menu and choose **Export API Token**.',
            'Enter your password again. Because a token gives access to your clicks, the portal checks it is really you.',
            'The token appears in a text box. Copy it: the portal confirms "Text copied to clipboard".',
            'Put it in your system’s secure settings (a secrets store or environment variable), not in source code.',
          ],
        },
        'An exported token lasts one year. Put a reminder in your calendar to export a new one before then. Tokens for websites, with referrer and IP restrictions, are made in **Administration › Tokens**.',
      ],
    },
    {
      heading: 'Settings for the API',
      blocks: [
        '**Export settings for API**, in the same **…** menu, gives the settings your developers need to connect: the address of each service and the account’s details. Use it together with a token.',
      ],
    },
    {
      heading: 'Label settings',
      blocks: [
        'Address label settings (number of lines, label, town and county formats) are kept in your browser. Set them once on the Address Lookup page; they apply every time you use this browser.',
      ],
    },
    {
      heading: 'Looking after downloaded data',
      blocks: [
        {
          list: [
            'Cleansed files hold personal data: store them where only the right people can read them, and delete copies you no longer need.',
            'Treat a token like a password. If one may have leaked, lock it in Administration › Tokens straight away, then make a new one.',
            'If your browser blocks a download, allow downloads from the portal for this site and try again.',
          ],
        },
      ],
    },
  ],
  related: ['addressCleanseHelpGuide', 'devDocsHelpGuide', 'providerServicesGuide'],
};

export default guide;
