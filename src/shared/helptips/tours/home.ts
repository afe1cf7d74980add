import type { HelpTour } from '../../../../contract/shared/helpTips';

/** The tour of /home: where things are, for a first-time visitor. */
export const homeTour: HelpTour = {
  tourName: 'home',
  tips: [
    {
      helpTipName: 'welcome',
      order: 1,
      side: 'middle',
      title: 'Welcome to the Data Quality Portal',
      helpText:
        '<p>This short tour shows where things are. Use <b>Next</b> and <b>Back</b> to move between tips, or <b>Hide Tips</b> to switch every tour off.</p>',
      helpTextAfterTable: '<p>You can turn the tips back on at any time from <b>My Settings</b>.</p>',
    },
    {
      helpTipName: 'helpCentre',
      order: 2,
      side: 'bottom',
      targetId: 'nav-helpcentre',
      // The banner is on screen with the page: nothing to wait for.
      skipResizeObserver: true,
      title: 'Help Centre',
      helpText:
        '<p>Step-by-step guides for every part of the portal: address lookup, email, payment and name validation, address cleanse, the shop, usage reports and API tokens.</p><p>Search them by any word, for example <b>BSB</b> or <b>basket</b>.</p>',
    },
    {
      helpTipName: 'services',
      order: 3,
      side: 'right',
      targetId: 'service-address-lookup',
      title: 'Services on click-based plans',
      helpText:
        '<p>Each service is bought as a plan of clicks for an account. Every lookup, check or cleansed record uses clicks from that plan, and the <b>Reporting</b> pages show how many are left.</p>',
      helpTable: [
        { key: 'United Kingdom', text: 'Prices in £; Payment Validation checks sort codes and account numbers.' },
        { key: 'Australia', text: 'Prices in A$; bank codes are BSB numbers.' },
      ],
    },
    {
      helpTipName: 'nextSteps',
      order: 4,
      side: 'top',
      targetId: 'home-next-steps',
      title: 'Next steps',
      helpText: '<p>What you can do from here, depending on your access to the selected account.</p>',
      helpTable: [
        { key: 'Buy more clicks', text: 'Top up a subscription in the Shop before it runs out.' },
        { key: 'Create an API token', text: 'Call the services from your own systems and web pages.' },
      ],
      helpTextAfterTable: '<p>Owners see their subscriptions, the clicks remaining and this month’s usage above.</p>',
    },
    {
      helpTipName: 'shortcuts',
      order: 5,
      side: 'left',
      targetId: 'home-shortcuts',
      title: 'Your settings',
      helpText:
        '<p><b>My settings</b> holds your details, your password and these help tips: turn the tours back on there whenever you like.</p><p>To log out, open the menu under your name at the top right. Your session and cached data are cleared; your tip choices are kept.</p>',
    },
  ],
};
