import { describe, expect, it } from 'vitest';
import { priceOf } from '../../contract/shared/catalogue';
import { toCsv } from '../../src/shared/csv';
import { defaultDates, fieldsOf, fromDateInput, fromPriceInput, suggestedPrice, updateBody } from '../../src/areas/administration/services/bundleForm';
import { bundleFileName, bundleRows, changeFigure, currentUsage, explanations, newestFirst } from '../../src/areas/administration/services/summary';
import { accountPlan, at, bundle, plan } from './servicesFixtures';

// The rules of the services pages on their own: what a bundle form sends, the change figure, CSV.

describe('the bundle forms', () => {
  it('defaults to today and the plan\'s duration later', () => {
    expect(defaultDates(at('2025-01-31T15:00'), 1)).toEqual({ start: '2025-01-31', end: '2025-02-28' });
    expect(defaultDates(at('2025-06-15T09:00'), 12)).toEqual({ start: '2025-06-15', end: '2026-06-15' });
  });

  it('reads prices typed in pounds or dollars as minor units, refusing what is not one', () => {
    expect(fromPriceInput('12.5')).toBe(1250);
    expect(fromPriceInput(' 0 ')).toBe(0);
    expect(fromPriceInput('1234.05')).toBe(123_405);
    for (const bad of ['', '-1', '1.234', '£5', '1e3', '.5']) expect(fromPriceInput(bad), bad).toBeNull();
  });

  it('suggests priceOf\'s price for the clicks, or says why the plan cannot sell them', () => {
    const tiers = plan(1, { pricing: [{ fromClicks: 1_000, toClicks: 50_000, pricePer1000: 450 }], calculator: 'graduated' });
    expect(suggestedPrice(tiers, 20_000)).toEqual({ price: priceOf('graduated', tiers.pricing, 20_000) });
    expect(suggestedPrice(tiers, 10)).toEqual({ problem: 'The smallest quantity of this plan is 1,000 clicks' });
  });

  it('sends an update\'s start date only when it was changed (spec section 5)', () => {
    const b = bundle(2, { startDate: at('2025-01-01T10:30'), endDate: at('2026-01-01T10:30') });
    const fields = fieldsOf(b);
    expect(updateBody(b, fields)).toEqual({ body: {}, problems: {} });
    expect(updateBody(b, { ...fields, clicks: '12000', price: '45' }).body).toEqual({ clicks: 12_000, price: 4_500 });
    expect(updateBody(b, { ...fields, start: '2025-02-01' }).body).toEqual({ startDate: fromDateInput('2025-02-01') });
    expect(updateBody(b, { ...fields, end: '2024-12-01' }).problems).toEqual({ end: 'A bundle must end after it starts' });
  });
});

describe('the usage summary', () => {
  it('writes the change as +12% or −5% with words', () => {
    expect(changeFigure(12.4, 30)).toEqual({ text: '+12%', direction: 'up', words: 'up on the previous 30 days' });
    expect(changeFigure(-4.6, 30)).toEqual({ text: '\u22125%', direction: 'down', words: 'down on the previous 30 days' });
    expect(changeFigure(0.2, 7).direction).toBe('same');
    expect(changeFigure(null, 30)).toEqual({ text: '', direction: 'none', words: 'nothing used in the previous 30 days to compare with' });
  });

  it('counts the bundles not yet ended as current, and sorts bundles by bundleId descending', () => {
    const bundles = [bundle(1, { clicks: 100, usedClicks: 100, endDate: at('2025-01-01T00:00') }), bundle(3, { clicks: 400, usedClicks: 100 }), bundle(2, { clicks: 600, usedClicks: 0 })];
    expect(currentUsage(bundles, at('2025-06-01T00:00'))).toEqual({ used: 100, total: 1_000, percent: 10 });
    expect(newestFirst(bundles).map((b) => b.bundleId)).toEqual([3, 2, 1]);
  });

  it('explains a deprecated plan with its replacement, and one without a named replacement', () => {
    expect(explanations({ status: 'active', deprecated: true, deprecatedByPlan: null })[1]).toBe(
      'This plan is no longer sold; it keeps working until its bundles end.',
    );
  });

  it('exports the bundle table as CSV, newest first, quoting what needs it and defusing formulas', () => {
    const p = accountPlan({ plan: 'Lookup, "Pro"', bundles: [bundle(1, { price: 1_050 }), bundle(2)] });
    const csv = toCsv(bundleRows(p));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Service,Plan,Bundle,Clicks,Used,Remaining,Price,Start,End,Source,Ended early');
    expect(lines[1]).toBe('Address lookup,"Lookup, ""Pro""",2,10000,0,10000,£50.00,01/01/2025,01/01/2026,Bought,');
    expect(lines[2]).toContain(',1,10000,0,10000,£10.50,');
    expect(toCsv([['=HYPERLINK("x")', '-5', '@a']])).toBe(`"'=HYPERLINK(""x"")",-5,'@a\r\n`);
    expect(bundleFileName(p)).toBe('bundles-paf-lookup-pro.csv');
  });
});
