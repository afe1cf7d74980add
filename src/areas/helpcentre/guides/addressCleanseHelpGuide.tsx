import { Flow } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'Address Cleanse takes a whole file of names and addresses and gives it back corrected against the national address file, with duplicates found and records you should not mail removed or flagged. You see the effect on a test sample and the full cost before you pay, and you pay only for the results you download.',
  sections: [
    {
      heading: 'The steps at a glance',
      blocks: [
        {
          figure: (
            <Flow
              label="Cleansing a file"
              steps={[
                { title: 'Upload', text: 'a delimited text file' },
                { title: 'Map fields', text: 'say what each column holds' },
                { title: 'Settings', text: 'matching, dedupe, suppression, output' },
                { title: 'Test', text: 'on a sample of up to 300 lines' },
                { title: 'Results', text: 'the whole file, with its cost' },
                { title: 'Pay', text: 'on the secure payment page' },
                { title: 'Download', text: 'the results as a zip file' },
              ]}
            />
          ),
          caption: 'Upload, map the fields, choose the settings, test on a sample, create the full results, pay, download.',
        },
        {
          list: [
            'Address Cleanse is in **Applications › Address Cleanse** for account owners.',
            'Uploading and working on files is for **UK accounts**.',
            'Files you have uploaded are listed on the Address Cleanse page; you can rename or delete them there.',
          ],
        },
      ],
    },
    {
      heading: '1. Upload the file',
      blocks: [
        {
          steps: [
            'Choose **Upload** and pick the file: text with one record per line and the fields separated by a comma, tab, pipe or another delimiter.',
            'Say which **delimiter** it uses, whether the first line is a **header** of column names, and whether fields are wrapped in **quotes**.',
            'Start the upload. The spinner says "Uploading file..." while the file is sent in pieces of 10,000,000 bytes (about 10 MB); at the end the whole file is checked against what left your computer, so nothing arrives damaged.',
          ],
        },
        'As the first piece is read, a test sample of up to 300 lines is taken evenly from it, so the test in step 4 sees a fair mix of your records rather than just the first few.',
        { note: 'If the connection drops the upload fails with a message; start it again. Nothing is charged for an upload.', tone: 'warning' },
      ],
    },
    {
      heading: '2. Map the fields',
      blocks: [
        'The portal shows every column with its values from the first two records, so you can see what it holds. For each column choose what it is: organisation, name, an address line, town, county, postcode and so on. Where several columns are address lines, their order says which comes first.',
        { note: 'Map the postcode and town even when they are also inside an address line: separate fields give the best matches.' },
      ],
    },
    {
      heading: '3. Choose the settings',
      blocks: [
        {
          table: {
            head: ['Setting', 'What it decides'],
            rows: [
              ['Processing area', 'The reference data and rules the file is matched against.'],
              ['Address matching', 'Whether addresses are matched to and corrected from the Postcode Address File (PAF).'],
              ['Deduplication', 'How alike two records must be to count as the same: the dedupe level. Duplicates can also be written to a separate file.'],
              ['Suppression', 'Which suppression lists to check (for example people who have moved away) and, for each, whether matching records are removed or flagged.'],
              ['Output groups', 'Which groups of fields the results contain, besides your own columns.'],
            ],
          },
        },
      ],
    },
    {
      heading: '4. Test on the sample',
      blocks: [
        'A test runs your settings on the sample only and shows what they would do: how many records matched, were updated or did not match, how many would be suppressed, and what each output group holds. Change a setting and test again until you are happy. Tests cost nothing.',
      ],
    },
    {
      heading: '5. Create the results',
      blocks: [
        'Creating results runs the whole file. When they are ready you see the number of records in and out, the matching, deduplication and suppression figures, and the cost. If something looks wrong, **discard the results**, change the settings and create them again: you pay nothing for results you discard.',
        {
          table: {
            head: ['Figure', 'Meaning'],
            rows: [
              ['Matched', 'Found in the address file as it was written.'],
              ['Updated', 'Found, and corrected or completed (a wrong postcode, a missing town).'],
              ['Unmatched', 'Not found: check these by hand, or ask the customer.'],
              ['Unique', 'A record with no duplicate.'],
              ['Parent', 'The record kept to stand for a group of duplicates.'],
              ['Child', 'A duplicate of a parent: removed from the main output, or put in the separate duplicates file if you asked for one.'],
              ['Suppressed: removed or flagged', 'Records that matched a suppression list, taken out or marked as you chose.'],
            ],
          },
        },
      ],
    },
    {
      heading: '6. Pay and download',
      blocks: [
        {
          steps: [
            'Choose **Pay**. Confirm the billing name, email, company and address; you go to the secure payment page, and come back to the file when payment is done (or when you cancel).',
            'Once paid, **Download** gives you **AddressCleanseResults.zip** with your cleansed file, and the duplicates file if you asked for one.',
          ],
        },
        'The cost is worked out from a base price plus a price per record and per match for the processing area, in £; a file is charged for at least a minimum number of records.',
      ],
    },
    {
      heading: 'Your figures',
      blocks: [
        'The **Address Cleanse** page shows, for each reference file, what you cleansed between two dates: the files, their cost, the records in and out, the matching (matched, updated, unmatched), deduplication (unique, parent, child) and suppression counts, for all your files beside the ones you paid for.',
        {
          steps: [
            'Choose the **From** and **To** days (both included) and **Apply**, or one of the quick ranges: this month, last month, the last 3 months, this year.',
            'Read the charts, or the table beside each one: it holds the same numbers. Focus a chart and use the arrow keys to hear each bar.',
            '**Export CSV** saves the figures of every reference file for a spreadsheet; money is in pounds or dollars.',
          ],
        },
        { note: 'The address keeps the dates you chose, so a bookmark or a shared link opens the same figures. Australian accounts see their figures here too; uploading a file is for UK accounts.' },
      ],
    },
  ],
  related: ['downloadsHelp', 'paymentReportingHelp', 'ReportingSummaryGuide'],
};

export default guide;
