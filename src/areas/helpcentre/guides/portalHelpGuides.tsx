import { Flow } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'The portal is where you buy click-based plans for the data-quality services, use them, watch your usage, manage the people and API tokens of your accounts, and cleanse whole files. This guide shows how it is laid out and how to find your way.',
  sections: [
    {
      heading: 'From sign-up to your first lookup',
      blocks: [
        {
          figure: (
            <Flow
              label="From sign-up to your first lookup"
              steps={[
                { title: 'Register', text: 'name, email, password' },
                { title: 'Validate', text: 'the 6-digit code we email you' },
                { title: 'Choose an account', text: 'Change Account in the account bar' },
                { title: 'Buy clicks', text: 'Shop, then check out' },
                { title: 'Use the services', text: 'Applications menu or the API' },
                { title: 'Watch usage', text: 'Reporting menu' },
              ]}
            />
          ),
          caption: 'The usual first steps: register, validate your email, pick the account to work in, buy a plan, use it, and follow your usage.',
        },
      ],
    },
    {
      heading: 'Logging in and registering',
      blocks: [
        'Log in and Register are two tabs of one panel; the left and right arrow keys move between them. Any extra part of the web address you arrived with (for example a campaign link) is kept when the portal moves you to the login page and back.',
        {
          steps: [
            'Register with your name, email address and a password, typed twice.',
            'We email you a **6-digit validation code**. Until you enter it you can only reach the validation page. No email? Check your spam folder, then use **Resend code**: the newest code is the one that works.',
            'Once validated you land on **Home**. If you are an authorised payment user of an account, Home also shows **Billing of** that account: its saved card and its invoices.',
          ],
        },
        'Forgotten your password? Choose **Forgotten your password?** under the login form, enter your email and **Send code**, then type the reset code from the email with your new password. The link in that email fills in your email address for you.',
      ],
    },
    {
      heading: 'United Kingdom or Australia',
      blocks: [
        'The portal serves two territories. Which one you are in comes from the web address: addresses starting **uk-** or ending **.com** are the United Kingdom portal, prices in **£**; addresses starting **aus-** or ending **.com.au** are the Australian portal, prices in **A$**. The badge next to the logo always says which one you are using.',
        'Each account belongs to one territory too. Some pages depend on it: Payment Validation and Name Validation (/applications/namevalidation) are offered for UK accounts, and uploading files to Address Cleanse is for UK accounts.',
      ],
    },
    {
      heading: 'The banner and its menus',
      blocks: [
        'The banner at the top of every page holds the menus. You see the ones that apply to you and the account you have selected.',
        {
          table: {
            head: ['Menu', 'What is in it', 'Who sees it'],
            rows: [
              ['Applications', 'Address Cleanse, Address Lookup, Email Validation, and Payment Validation and Name Validation for UK accounts', 'Everyone; each page says so when the account has no clicks or you may not use it'],
              ['Reporting', 'Summary, Services, Tokens', 'Owners of the account, and staff'],
              ['Administration', 'Account, Services, Tokens, and Address Cleanse for staff with the account role', 'Owners of the account, and staff'],
              ['Partner', 'Administration, and Leads unless the partner is a referrer', 'Owners of a partner, and staff'],
              ['Help Centre', 'These guides', 'Everyone'],
              ['Shop', 'Plans for every service, and your basket', 'Owners of the account, unless it sits under a referrer partner'],
              ['More (⋯, in the account bar)', 'Export API Token and Export settings for API for owners of the account; for staff: Account Search, Creation Wizard, and more by role', 'Owners of the account, and staff'],
            ],
          },
        },
      ],
    },
    {
      heading: 'The account bar',
      blocks: [
        'Below the menus, the account bar shows where you are working: the partner or organisation name with the account name (each a link to its administration page when you may open it), and **Pending Ownership** while an ownership hand-over waits to be accepted.',
        {
          list: [
            '**Change Account** (shown when you have more than one account, work under a partner or corporate group, or are staff) opens a sliding list of your partners, organisations and accounts. Opening a group with more than one child goes into it; **Back** goes up a level; a group with a single child is chosen together with that child.',
            'The **basket** icon (owners of the account, as the Shop) shows how many items are in the basket of the selected account.',
            'Staff with the admin or super role also see a **search** icon for finding accounts, users and tokens.',
            'The menu under your name has **My Settings** and **Log Out**.',
          ],
        },
      ],
    },
    {
      heading: 'Breadcrumbs',
      blocks: [
        'The trail under the banner (for example Home › Help Centre › Getting around the portal) shows where the page sits. Every part except the last is a link back up.',
      ],
    },
    {
      heading: 'Help tips',
      blocks: [
        'The first time you open a page that has a tour, its tips start by themselves, one at a time, each pointing at the part of the page it explains.',
        {
          table: {
            head: ['Button or key', 'What it does'],
            rows: [
              ['Next, Back', 'Move between the tips of the tour.'],
              ['Got it', 'Shown on the last tip: ends the tour; it will not start again on that page.'],
              ['A click outside the tip, or Escape', 'Ends the tour the same way.'],
              ['Hide Tips', 'Switches off every tour, on every page.'],
            ],
          },
        },
        'To see the tours again, open **My Settings** from the menu under your name and choose **Show help tips again** in the Help tips section. Tip choices are remembered by your browser, so they stay as you left them when you log out, and another browser starts with the tours on.',
      ],
    },
    {
      heading: 'Dates, times and money',
      blocks: [
        'Dates are shown day first, as **dd/mm/yyyy** (03/04/2025 is 3 April 2025), and times on the 24-hour clock. Amounts are in £ on the UK portal and A$ on the Australian one.',
      ],
    },
    {
      heading: 'Staying signed in and logging out',
      blocks: [
        'While you work, the portal renews your session by itself, well before it runs out; Home says “Session: Active, renewed by the portal while you work.” If the server no longer accepts your session (for example after your password was changed elsewhere) you see **Authentication Failure** and go back to the login page.',
        '**Log Out** clears your session and everything the portal had cached in this browser. Do log out on shared computers.',
      ],
    },
    {
      heading: 'When something goes wrong',
      blocks: [
        {
          list: [
            'A dialog titled **Error** saying "Failed to …" means a request did not work; the text after the colon is the reason the server gave. Nothing was changed. Fix the cause it names and try again.',
            '"Oops! The page you were looking for does not exist." means the address is wrong or out of date: **Back to Home** takes you somewhere safe.',
            '"This page is not currently available while using this account…" and similar messages mean the page is fine but not for the account or partner you have selected: use **Change Account**.',
            'If a page reports an unexpected error, try again; if it keeps happening, write to the support mailbox it shows.',
          ],
        },
      ],
    },
  ],
  related: ['shopHelpGuide', 'accountAdminHelpGuide', 'ReportingSummaryGuide'],
};

export default guide;
