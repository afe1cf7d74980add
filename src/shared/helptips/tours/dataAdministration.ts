import type { HelpTour } from '../../../../contract/shared/helpTips';

/** The tour of /dataAdministration: how the catalogue the shop sells is built, for admin and super. */
export const dataAdministrationTour: HelpTour = {
  tourName: 'dataAdministration',
  tips: [
    {
      helpTipName: 'welcome',
      order: 1,
      side: 'middle',
      title: 'Datasets & Plans',
      helpText:
        '<p>This is the catalogue: everything the shop sells and every click a customer spends comes from here.</p><p>Build it in this order: a <b>dataset</b>, then the <b>plans</b> that sell it, then their filters and comparisons.</p>',
    },
    {
      helpTipName: 'datasets',
      order: 2,
      side: 'top',
      targetId: 'catalogue-datasets',
      title: 'Datasets',
      helpText:
        '<p>A dataset is the reference data one service answers from, such as PAF for UK address lookup or G-NAF for Australia. Each belongs to exactly one service.</p><p>A dataset that plans use cannot be deleted.</p>',
    },
    {
      helpTipName: 'filters',
      order: 3,
      side: 'bottom',
      targetId: 'plan-filters',
      title: 'Finding plans',
      helpText: '<p>Narrow the plans by service and territory.</p>',
      helpTable: [
        { key: 'Shown', text: 'Plans on sale today.' },
        { key: 'Hidden', text: 'Deprecated plans, and plans outside their availability window: tick the box to see them.' },
      ],
    },
    {
      helpTipName: 'createPlan',
      order: 4,
      side: 'left',
      targetId: 'create-plan',
      title: 'Creating a plan',
      helpText:
        '<p>A plan sells clicks of one dataset in one territory, in that territory\'s currency (£ or A$). Its price tiers set the price per 1,000 clicks for each band of quantities.</p>',
      helpTextAfterTable: '<p>The form checks the tiers as you type and prices any quantity before you save.</p>',
    },
    {
      helpTipName: 'export',
      order: 5,
      side: 'right',
      targetId: 'export-plans',
      title: 'Export',
      helpText: '<p><b>Export CSV</b> downloads the rows the table shows, with the filters applied.</p>',
    },
  ],
};
