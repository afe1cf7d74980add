import { Flow } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'Address Cleanse takes a whole file of names and addresses and gives it back corrected against the national address file, with duplicates found and marked, and records you should not mail moved to a file of their own or flagged. You see the effect on a test sample and the full cost before you pay, and you pay only for the results you download.',
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
            'On the Address Cleanse page choose **Upload a file**.',
            'Pick the file in **File to cleanse (CSV or delimited text)**: text with one record per line, the fields separated by commas, tabs, semicolons or pipes. There is nothing else to set: the upload starts as soon as the file is picked, and the portal works out the separator, the quotes and the text encoding itself.',
            'The file is read first ("Reading the file..."), then sent in pieces of 10,000,000 bytes (about 10 MB) while the page shows "Uploading file...", the percentage and the time left; **Pause upload** and **Resume upload** stop and restart it. At the end the whole file is checked against what left your computer, so nothing arrives damaged, and the page moves on to the columns.',
          ],
        },
        'As the first piece is read, a test sample of up to 300 lines is taken evenly from it, so the test in step 4 sees a fair mix of your records rather than just the first few.',
        { note: 'If the connection drops, the upload carries on by itself from where the server stands, a few times; if it still cannot, it stops with a message and **Try again** carries on from the last piece that arrived. After a reload, pick the same file again and it carries on where it stopped. Nothing is charged for an upload.', tone: 'warning' },
      ],
    },
    {
      heading: '2. Map the fields',
      blocks: [
        'The **Map the columns** page shows every column with its values from the first two records, so you can see what it holds, and has already mapped the columns it recognises. For each column choose what it **Holds**: organisation, name, an address line, town, county, postcode and so on, or ignore it. Where several columns are address lines, their **Order** says which comes first.',
        'Tick or clear **The first row holds the column names**, and check the text encoding the page says it read the file in (**Read as**); if the letters look wrong, choose another encoding and **Read again**. Then choose **Save and choose the properties**.',
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
              ['Reference file', 'The reference data and rules the file is matched against.'],
              ['Use PAF', 'Whether addresses are matched to and corrected from the Postcode Address File (PAF).'],
              ['Deduplication', 'How alike two records must be to count as the same: the dedupe level. **Put duplicates in a separate file** moves the duplicates to Duplicates.csv; without it they stay in the cleansed file, marked in the Deduplication columns.'],
              ['Suppression', 'For each suppression list (for example people who have moved away): **Suppress** moves matching records to Suppressed.csv, **Flag** keeps them in the cleansed file with a flag, **Off** does not check that list.'],
              ['Output groups', 'Which groups of fields the results contain, besides the cleansed name and address: **Match details**, **Deduplication** (parent, child or unique, and the duplicate group), **Suppression** flags and your **Original input** columns.'],
            ],
          },
        },
      ],
    },
    {
      heading: '4. Test on the sample',
      blocks: [
        '**Save and run the free test** runs your settings on the sample only and shows what they would do: how many records matched, were updated or did not match, how many would be suppressed, and the rows before and after. **Change the properties** takes you back to change a setting and test again until you are happy. Tests cost nothing.',
      ],
    },
    {
      heading: '5. Create the results',
      blocks: [
        '**Run the results** runs the whole file, with its progress on the page. When they are ready you see the number of records in and out, the matching, deduplication and suppression figures, and the cost. If something looks wrong, **Discard the results**, change the properties and run them again: you pay nothing for results you discard.',
        {
          table: {
            head: ['Figure', 'Meaning'],
            rows: [
              ['Matched', 'Found in the address file as it was written.'],
              ['Updated', 'Found, and corrected or completed (a wrong postcode, a missing town).'],
              ['Unmatched', 'Not found: check these by hand, or ask the customer.'],
              ['Unique', 'A record with no duplicate.'],
              ['Parent', 'The record kept to stand for a group of duplicates.'],
              ['Child', 'A duplicate of a parent. Nothing is deleted: it stays in Cleansed.csv, marked child with its group number in the Deduplication columns, or goes to Duplicates.csv if you chose a separate file.'],
              ['Suppressed or flagged', 'Records that matched a suppression list: moved to Suppressed.csv (Suppress) or kept in Cleansed.csv with a flag (Flag), as you chose.'],
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
            'Check the cost lines and the total, fill in the **Billing details** and choose **Pay** (the button shows the total); you go to the secure payment page, and come back to the file when payment is done (or when you cancel).',
            'Once paid, **Download AddressCleanseResults.zip** gives you Cleansed.csv, Suppressed.csv, Errors.csv (records that could not be read), Summary.html, and Duplicates.csv if you asked for a separate file.',
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
