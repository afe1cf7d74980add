// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authUser, renderPortal } from '../views/support/renderPortal';
import { guideText } from '../../src/areas/helpcentre/guideText';
import { findGuide, guides } from '../../src/areas/helpcentre/guides';
import { loadGuideTexts, searchGuides } from '../../src/areas/helpcentre/search';
import { notFoundMessage } from '../../contract/shared/messages';

/** Spec section 2: the help centre's guides, and the provider services guide. */
const specGuides = [
  'ReportingSummaryGuide',
  'emailValidationHelpGuide',
  'downloadsHelp',
  'addressCleanseHelpGuide',
  'automaticRenewalsHelp',
  'accountAdminHelpGuide',
  'devDocsHelpGuide',
  'portalHelpGuides',
  'paymentReportingHelp',
  'paymentHelp',
  'shopHelpGuide',
  'addressLookupHelpGuide',
  'providerServicesGuide',
];

describe('the guides', () => {
  it('are the spec’s guides, each with its own title', () => {
    expect(guides.map((g) => g.name).sort()).toEqual([...specGuides].sort());
    expect(new Set(guides.map((g) => g.title)).size).toBe(guides.length);
  });

  it.each(specGuides)('%s loads with real content: an intro, sections, and related guides that exist', async (name) => {
    const { default: content } = await findGuide(name)!.load();
    expect(content.intro.length).toBeGreaterThan(80);
    expect(content.sections.length).toBeGreaterThanOrEqual(3);
    for (const section of content.sections) expect(section.blocks.length, section.heading).toBeGreaterThan(0);
    expect(new Set(content.sections.map((s) => s.heading)).size, 'headings are anchors: unique').toBe(content.sections.length);
    for (const related of content.related ?? []) expect(findGuide(related), related).toBeDefined();
    expect(guideText(content).split(/\s+/).length, 'words').toBeGreaterThan(250);
  });

  it('use the portal’s conventions: dd/mm/yyyy dates, £ and A$, the spec’s words', async () => {
    const texts = await loadGuideTexts();
    const all = [...texts.values()].join('\n');
    for (const word of ['dd/mm/yyyy', '£', 'A$', 'BSB', 'sort code', 'basket', 'AddressCleanseResults.zip', 'No items in basket', 'Hide Tips']) {
      expect(all, word).toContain(word);
    }
    // Dates in the guides are day first.
    for (const date of all.match(/\b\d{2}\/\d{2}\/\d{4}\b/g) ?? []) expect(Number(date.slice(0, 2)), date).toBeLessThanOrEqual(31);
  });

  it('claim nothing the pages do not do: no mailbox probe, no sort code lookup, no country or delimiter step, no removed duplicates', async () => {
    const texts = await loadGuideTexts();
    const summaries = guides.map((g) => g.summary).join('\n');
    expect(summaries).not.toMatch(/mailbox/i);
    expect(summaries).not.toMatch(/choose countries/i);
    expect(texts.get('emailValidationHelpGuide')).toContain('the mailbox itself is never probed');
    expect(texts.get('paymentHelp')).not.toMatch(/whether the sort code exists|published BSB directory|No such bank branch/);
    expect(texts.get('paymentHelp')).toContain('Check account');
    const lookup = texts.get('addressLookupHelpGuide')!;
    expect(lookup).not.toMatch(/choose the country/i);
    for (const word of ['Find', 'Show more', 'uses no click', 'locality, state and postcode on one line']) expect(lookup, word).toContain(word);
    const cleanse = texts.get('addressCleanseHelpGuide')!;
    expect(cleanse).not.toMatch(/Say which \*\*delimiter\*\*|Start the upload|start it again|removed from the main output/);
    for (const word of ['File to cleanse (CSV or delimited text)', 'Try again', 'Save and choose the properties', 'Save and run the free test', 'Run the results', 'Duplicates.csv', 'Nothing is deleted']) {
      expect(cleanse, word).toContain(word);
    }
    // The email service answers at once; a refusal for want of clicks is a 402.
    const dev = texts.get('devDocsHelpGuide')!;
    expect(dev).not.toMatch(/an id when it needs longer|needed longer/);
    expect(dev).toContain('No clicks remain on your');
  });

  it('the reporting, account, payment, provider services and portal guides name what their pages show', async () => {
    const texts = await loadGuideTexts();
    // Reporting › Summary has no end dates, averages, statuses or renewals: those are on Administration › Services.
    const reports = texts.get('ReportingSummaryGuide')!;
    expect(reports).not.toMatch(/'?Average clicks|Clicks used in period|For address services, usage can also be split/);
    for (const word of ['Consumed in range', 'Remaining now', 'Per plan and service', 'Per country', 'Per token', 'Token detail', 'Apply', 'Last 3 months', 'Export CSV']) {
      expect(reports, word).toContain(word);
    }
    const admin = texts.get('accountAdminHelpGuide')!;
    expect(admin).not.toMatch(/choose \*\*Invite\*\*\.|Tick \*\*Hand over ownership\*\* only|Ask us to turn it on/);
    for (const word of ['Invite a user', 'Link valid for (hours)', 'Hand over ownership of this account when accepted', 'Send invitation', 'Lock user', 'Set charity number', 'Turn on corporate status']) {
      expect(admin, word).toContain(word);
    }
    // Bundles added by staff have no invoice or payment link; renewal prices are not in the reports.
    const payments = texts.get('paymentReportingHelp')!;
    expect(payments).not.toMatch(/bundle invoice|invoice link|Reporting › Summary\*\* shows each plan with its price|Basket › Check out/);
    for (const word of ['Checkout', 'Authorise a user of the account', 'Billing of', 'Open credit note', 'VAT/GST', 'Added by staff']) expect(payments, word).toContain(word);
    const provider = texts.get('providerServicesGuide')!;
    expect(provider).not.toMatch(/Its \*\*invoice\*\* link|the customer pays there|choose \*\*Create bundle\*\*\./);
    for (const word of ['Create a bundle', 'Change renewal', 'Turn renewal on', 'End bundle', 'credit note', 'Client accounts', 'Services it may call', 'Daily cap', 'X-Test-Call']) {
      expect(provider, word).toContain(word);
    }
    const portal = texts.get('portalHelpGuides')!;
    expect(portal).not.toMatch(/Owners and members of the account|Home shows when the next renewal/);
    for (const word of ['Name Validation', 'Export API Token', 'Billing of', 'Session: Active']) expect(portal, word).toContain(word);
  });
});

describe('searching the guides', () => {
  it('lists every guide for an empty query', () => {
    expect(searchGuides('  ', null)).toHaveLength(guides.length);
  });

  it('matches titles and summaries before the text has loaded, and body text after', async () => {
    expect(searchGuides('shop', null).map((h) => h.guide.name)).toContain('shopHelpGuide');
    expect(searchGuides('modulus', null)).toEqual([]);
    const texts = await loadGuideTexts();
    const hits = searchGuides('modulus', texts);
    expect(hits.map((h) => h.guide.name)).toEqual(['paymentHelp']);
    expect(hits[0].snippet).toMatch(/modulus/i);
  });

  it('needs every word, in any case, and puts title matches first', async () => {
    const texts = await loadGuideTexts();
    const names = searchGuides('TOKEN referrer', texts).map((h) => h.guide.name);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toContain('providerServicesGuide');
    for (const name of names) expect(texts.get(name)!.toLowerCase()).toContain('referrer');
    const first = searchGuides('renewal', texts)[0];
    expect(first.guide.name).toBe('automaticRenewalsHelp');
    expect(searchGuides('basket zebra', texts)).toEqual([]);
  });

  it('answers a question by its meaningful words and a guide\'s keywords: "how do I get an api key" finds the developer guide', async () => {
    const texts = await loadGuideTexts();
    expect(searchGuides('how do I get an api key?', texts)[0]?.guide.name).toBe('devDocsHelpGuide');
    expect(searchGuides('how do I get an API key', null)[0]?.guide.name).toBe('devDocsHelpGuide');
  });
});

// ---- The pages, on the real router ----

const member = authUser({ id: 5, jwt: 'jwt-member', userName: 'member@example.com' });

function renderApp(path: string) {
  return renderPortal(path, { user: member });
}

const crumbs = () => within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem').map((li) => li.textContent);

describe('the help centre pages', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('lists every guide by topic, each linking to its route', async () => {
    renderApp('/portal/helpcentre');
    await screen.findByRole('heading', { name: 'Help Centre', level: 1 }, { timeout: 5000 });
    expect(crumbs()).toEqual(['Home', 'Help Centre']);
    for (const guide of guides) {
      expect(screen.getByRole('link', { name: guide.title }).getAttribute('href')).toBe(`/portal/helpcentre/${guide.name}`);
    }
    expect(screen.getByRole('status').textContent).toBe(`${guides.length} guides`);
  });

  it('filters by title and body text as you type, keeps the query in the URL, and shows an empty state', async () => {
    const { router } = renderApp('/portal/helpcentre');
    const box = await screen.findByRole('searchbox', { name: 'Search the guides' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.type(box, 'BSB');
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/match “BSB”$/));
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('link', { name: /Payment Validation/ })).toBeTruthy();
    expect(within(results).queryByRole('link', { name: 'Automatic renewals' })).toBeNull();
    expect(router.state.location.search).toEqual({ q: 'BSB' });

    await user.clear(box);
    await user.type(box, 'xylophone');
    await screen.findByRole('heading', { name: 'No guides match “xylophone”' });
    expect(screen.getByRole('status').textContent).toBe('0 guides match “xylophone”');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('status').textContent).toBe(`${guides.length} guides`);
  });

  it('opens a search from its URL', async () => {
    renderApp('/portal/helpcentre?q=dedupe');
    const results = await screen.findByRole('list', { name: 'Search results' }, { timeout: 5000 });
    expect(within(results).getByRole('link', { name: /Address Cleanse/ })).toBeTruthy();
  });

  it('opens each guide at its route with its title in the breadcrumbs', async () => {
    const { router } = renderApp('/portal/helpcentre/paymentHelp');
    await screen.findByRole('heading', { name: 'Payment Validation: sort codes and BSBs', level: 1 }, { timeout: 5000 });
    expect(crumbs()).toEqual(['Home', 'Help Centre', 'Payment Validation: sort codes and BSBs']);
    expect(screen.getByRole('navigation', { name: 'In this guide' })).toBeTruthy();
    await act(() => router.navigate({ to: '/helpcentre/$guide', params: { guide: 'providerServicesGuide' } }));
    await screen.findByRole('heading', { name: 'Provider services: bundles and tokens', level: 1 });
    expect(screen.getByRole('heading', { name: 'Bundles', level: 2 })).toBeTruthy();
  });

  it('links the developer guide to the API reference the server serves, as a plain link out of the portal', async () => {
    renderApp('/portal/helpcentre/devDocsHelpGuide');
    await screen.findByRole('heading', { name: 'The API reference', level: 2 }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Open the API reference' }).getAttribute('href')).toBe('/api/docs');
  });

  it('shows the unknown-page screen for a guide it does not have', async () => {
    renderApp('/portal/helpcentre/noSuchGuide');
    await screen.findByText(notFoundMessage, {}, { timeout: 5000 });
  });
});
