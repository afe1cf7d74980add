import type { GuideContent } from './types';

export const guideTopics = ['Getting started', 'Services', 'Buying and billing', 'Reports and downloads', 'Accounts and developers'] as const;
export type GuideTopic = (typeof guideTopics)[number];

export type GuideMeta = {
  /** The route segment: /helpcentre/{name}. */
  name: string;
  title: string;
  summary: string;
  topic: GuideTopic;
  /** Other words people search this guide by (an "API key" is what the guide calls a token). */
  keywords?: string;
  load: () => Promise<{ default: GuideContent }>;
};

/** Every guide of the help centre (spec section 2), each loaded on demand. */
export const guides: readonly GuideMeta[] = [
  {
    name: 'portalHelpGuides',
    title: 'Getting around the portal',
    summary: 'Logging in, menus, the account bar, breadcrumbs, help tips, territories and your settings.',
    topic: 'Getting started',
    load: () => import('./guides/portalHelpGuides'),
  },
  {
    name: 'addressLookupHelpGuide',
    title: 'Address Lookup',
    summary: 'Find full addresses as people type or by postcode, and lay them out with your label settings.',
    topic: 'Services',
    load: () => import('./guides/addressLookupHelpGuide'),
  },
  {
    name: 'emailValidationHelpGuide',
    title: 'Email Validation',
    summary: 'Check email addresses for syntax, a domain that takes mail, disposable and role addresses, and read the results.',
    topic: 'Services',
    load: () => import('./guides/emailValidationHelpGuide'),
  },
  {
    name: 'paymentHelp',
    title: 'Payment Validation: sort codes and BSBs',
    summary: 'Validate UK sort codes and account numbers, and Australian BSB numbers, before you set up a payment.',
    topic: 'Services',
    load: () => import('./guides/paymentHelp'),
  },
  {
    name: 'addressCleanseHelpGuide',
    title: 'Address Cleanse: cleansing a file',
    summary: 'Upload a file, map its fields, dedupe and suppress, test, pay and download the cleansed results.',
    topic: 'Services',
    load: () => import('./guides/addressCleanseHelpGuide'),
  },
  {
    name: 'shopHelpGuide',
    title: 'The shop and your basket',
    summary: 'Choose click-based plans for each service, fill your basket and check out in £ or A$.',
    topic: 'Buying and billing',
    load: () => import('./guides/shopHelpGuide'),
  },
  {
    name: 'automaticRenewalsHelp',
    title: 'Automatic renewals',
    summary: 'Keep a plan topped up by itself: when renewals happen, what they cost and how to turn them on or off.',
    topic: 'Buying and billing',
    load: () => import('./guides/automaticRenewalsHelp'),
  },
  {
    name: 'paymentReportingHelp',
    title: 'Payments, invoices and charges',
    summary: 'Saved card details, who may pay for an account, invoices for bundles and files, and where charges show.',
    topic: 'Buying and billing',
    load: () => import('./guides/paymentReportingHelp'),
  },
  {
    name: 'ReportingSummaryGuide',
    title: 'Usage reports: summary, services and tokens',
    summary: 'Read remaining and average clicks, usage by period and country, and usage per API token.',
    topic: 'Reports and downloads',
    load: () => import('./guides/ReportingSummaryGuide'),
  },
  {
    name: 'downloadsHelp',
    title: 'Downloads and exports',
    summary: 'Download cleansed files, export API tokens and API settings, and keep downloaded data safe.',
    topic: 'Reports and downloads',
    load: () => import('./guides/downloadsHelp'),
  },
  {
    name: 'accountAdminHelpGuide',
    title: 'Account administration',
    summary: 'Organisations and accounts, inviting users, access levels, ownership and switching accounts.',
    topic: 'Accounts and developers',
    load: () => import('./guides/accountAdminHelpGuide'),
  },
  {
    name: 'providerServicesGuide',
    title: 'Provider services: bundles and tokens',
    summary: 'Services and click bundles on an account, bundle invoices, and the API tokens that use them.',
    topic: 'Accounts and developers',
    load: () => import('./guides/providerServicesGuide'),
  },
  {
    name: 'devDocsHelpGuide',
    title: 'Developer guide: the services API',
    summary: 'Call address lookup, autocomplete, email and bank validation from your own systems with an API token.',
    topic: 'Accounts and developers',
    keywords: 'api key, api keys, developer, integration, credentials',
    load: () => import('./guides/devDocsHelpGuide'),
  },
];

export const findGuide = (name: string): GuideMeta | undefined => guides.find((g) => g.name === name);
