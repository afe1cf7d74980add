import type { HelpTour } from '../../../../contract/shared/helpTips';

/** The ids the leads tour points at (src/areas/partner/leads/LeadsPage.tsx). */
export const leadsTourTargets = { create: 'leads-create', filter: 'leads-filter', table: 'leads-table' } as const;

/** The tour of /partner/leads, shown to a partner with a lead. */
export const leadsTour: HelpTour = {
  tourName: 'leads',
  tips: [
    {
      helpTipName: 'welcome',
      order: 1,
      side: 'middle',
      title: 'Your leads',
      helpText:
        '<p>Introduce companies that could use our services. We contact each one and move its lead on; you see where it stands here and hear from us when it changes.</p>',
    },
    {
      helpTipName: 'create',
      order: 2,
      side: 'bottom',
      targetId: leadsTourTargets.create,
      title: 'Create a lead',
      helpText: '<p>The company, the contact, the services it needs and when you expect it to close. The close date is written dd/mm/yyyy, today or later.</p>',
    },
    {
      helpTipName: 'filter',
      order: 3,
      side: 'bottom',
      targetId: leadsTourTargets.filter,
      title: 'One status at a time',
      helpText: '<p>Show the leads of one status. The address keeps it, so a filtered list can be bookmarked.</p>',
    },
    {
      helpTipName: 'table',
      order: 4,
      side: 'top',
      targetId: leadsTourTargets.table,
      title: 'Where each lead stands',
      helpText: '<p>Open a lead to see its history and to change or delete it while it is open.</p>',
      helpTable: [
        { key: 'New', text: 'Submitted; we have not contacted the company yet.' },
        { key: 'Contacted, Qualified, Proposal sent', text: 'We are talking to the company.' },
        { key: 'Won, Lost', text: 'Closed: the lead can no longer be changed.' },
      ],
    },
  ],
};
