import type { HelpTour } from '../../../../contract/shared/helpTips';

/** The ids the tokens tour points at (src/areas/administration/tokens/TokensPage.tsx). */
export const tokensTourTargets = { actions: 'tokens-actions', table: 'tokens-table', bulk: 'tokens-bulk', audit: 'tokens-audit' } as const;

/** The tour of /administration/tokens, shown when the account has a token. */
export const tokensTour: HelpTour = {
  tourName: 'tokens',
  tips: [
    {
      helpTipName: 'welcome',
      order: 1,
      side: 'middle',
      title: 'Your API tokens',
      helpText:
        '<p>A token lets your own systems call the data-quality services on this account&#39;s clicks. Each one says which services it may call and from where.</p>',
    },
    {
      helpTipName: 'actions',
      order: 2,
      side: 'bottom',
      targetId: tokensTourTargets.actions,
      title: 'Create and export',
      helpText:
        '<p><b>Create token</b> asks for your password. <b>Export API Token</b> asks for it again and gives the token your systems send, valid for one year. <b>Export settings for API</b> gives your developers the addresses and an example call per service.</p>',
    },
    {
      helpTipName: 'table',
      order: 3,
      side: 'top',
      targetId: tokensTourTargets.table,
      title: 'Restrictions',
      helpText: '<p>Keep each token as narrow as it can be.</p>',
      helpTable: [
        { key: 'IP ranges', text: 'A server token works only from these networks.' },
        { key: 'Referrer', text: 'A browser token works only from pages of this host.' },
        { key: 'Expiry', text: 'After this date it stops; Never means it does not expire.' },
        { key: 'Daily cap', text: 'The most clicks it may spend in a day.' },
        { key: 'Lock', text: 'Stops it at once until you unlock it; Delete ends it and every exported copy.' },
      ],
    },
    {
      helpTipName: 'bulk',
      order: 4,
      side: 'bottom',
      targetId: tokensTourTargets.bulk,
      title: 'Several at once',
      helpText: '<p>Tick tokens in the first column to lock, unlock or change their services, expiry or cap in one go.</p>',
    },
    {
      helpTipName: 'audit',
      order: 5,
      side: 'top',
      targetId: tokensTourTargets.audit,
      title: 'Audit log',
      helpText: '<p>Who created, changed, locked, exported or deleted which token, and when, newest first.</p>',
    },
  ],
};
