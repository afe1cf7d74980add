// Every page of the portal, as the user who may open it reaches it: the list that the whole-portal
// checks (CSP and console, layout and accessibility) walk. A new page joins here.

export type PortalPage = { path: string; user: string | null; name: string };

const guides = [
  'portalHelpGuides',
  'addressLookupHelpGuide',
  'emailValidationHelpGuide',
  'paymentHelp',
  'addressCleanseHelpGuide',
  'shopHelpGuide',
  'automaticRenewalsHelp',
  'paymentReportingHelp',
  'ReportingSummaryGuide',
  'downloadsHelp',
  'accountAdminHelpGuide',
  'providerServicesGuide',
  'devDocsHelpGuide',
];

export const portalPages: PortalPage[] = [
  { name: 'login', path: '/portal/login', user: null },
  { name: 'register', path: '/portal/register', user: null },
  { name: 'reset password', path: '/portal/resetpassword', user: null },
  { name: 'unknown page (signed out)', path: '/portal/no-such-page', user: null },
  { name: 'validate', path: '/portal/validate', user: 'unvalidated@example.com' },
  { name: 'home', path: '/portal/home', user: 'owner@example.com' },
  { name: 'my settings', path: '/portal/user', user: 'owner@example.com' },
  { name: 'update password', path: '/portal/user/updatePassword', user: 'owner@example.com' },
  { name: 'help centre', path: '/portal/helpcentre', user: 'owner@example.com' },
  ...guides.map((guide) => ({ name: `guide ${guide}`, path: `/portal/helpcentre/${guide}`, user: 'owner@example.com' })),
  { name: 'account administration', path: '/portal/administration/account', user: 'owner@example.com' },
  { name: 'account edit', path: '/portal/administration/account/edit', user: 'owner@example.com' },
  { name: 'account invite', path: '/portal/administration/account/invite', user: 'owner@example.com' },
  { name: 'welcome wizard', path: '/portal/welcomewizard', user: 'owner@example.com' },
  { name: 'organisation wizard', path: '/portal/organisationwizard', user: 'sales@example.com' },
  { name: 'unknown page (signed in)', path: '/portal/no-such-page', user: 'owner@example.com' },
  { name: 'refused page', path: '/portal/partner/administration', user: 'owner@example.com' },
  { name: 'partner administration', path: '/portal/partner/administration', user: 'partner@example.com' },
  { name: 'partner edit', path: '/portal/partner/administration/editPartner', user: 'partner@example.com' },
  { name: 'partner invite', path: '/portal/partner/administration/invite', user: 'partner@example.com' },
  { name: 'account search', path: '/portal/search', user: 'admin@example.com' },
  { name: 'search results', path: '/portal/search/acme', user: 'admin@example.com' },
  { name: 'create new account', path: '/portal/administration/account/create', user: 'super@example.com' },
  { name: 'visualiser', path: '/portal/visualiser', user: null },
];
