// The catalogue's shared rules (contract/shared/catalogue.ts), with prices worked out by hand.
import { describe, expect, it } from 'vitest';
import { formatMoney, formulaOf, priceOf, quantityProblem, rateText, tierProblem, type PriceTier } from '../../contract/shared/catalogue';

// £30.00 per 1,000 up to 9,999 clicks, £25.00 to 49,999, £20.00 from 50,000.
const bands: PriceTier[] = [
  { fromClicks: 1_000, toClicks: 9_999, pricePer1000: 3000 },
  { fromClicks: 10_000, toClicks: 49_999, pricePer1000: 2500 },
  { fromClicks: 50_000, toClicks: null, pricePer1000: 2000 },
];
const tier = (fromClicks: number, toClicks: number | null, pricePer1000 = 100): PriceTier => ({ fromClicks, toClicks, pricePer1000 });

describe('priceOf', () => {
  it.each([
    [1_000, 3_000], // 1,000 x £30 / 1,000 = £30.00
    [9_999, 29_997], // 9,999 x 3p
    [10_000, 25_000], // the whole quantity at £25 per 1,000: cheaper than 9,999 clicks
    [50_000, 100_000],
  ])('volume: prices %i clicks at the rate of their band: %i minor units', (clicks, price) => {
    expect(priceOf('volume', bands, clicks)).toBe(price);
  });

  it.each([
    [1_000, 3_000],
    // 9,999 x 3p + 2,001 x 2.5p = 299.97 + 50.025 = £349.995, rounded half up once at the end.
    [12_000, 35_000],
    // 9,999 x 3p + 40,000 x 2.5p + 10,001 x 2p = 299.97 + 1,000 + 200.02 = £1,499.99.
    [60_000, 149_999],
  ])('graduated: prices %i clicks band by band: %i minor units', (clicks, price) => {
    expect(priceOf('graduated', bands, clicks)).toBe(price);
  });

  it('rounds half a minor unit up, and less than half down', () => {
    expect(priceOf('volume', [tier(1, null, 500)], 1)).toBe(1);
    expect(priceOf('volume', [tier(1, null, 500)], 3)).toBe(2);
    expect(priceOf('volume', [tier(1, null, 499)], 1)).toBe(0);
  });

  it('refuses a quantity the tiers do not cover', () => {
    expect(() => priceOf('volume', bands, 999)).toThrow('The smallest quantity of this plan is 1,000 clicks');
  });
});

describe('tierProblem', () => {
  it('accepts contiguous tiers, open-ended or not', () => {
    expect(tierProblem(bands)).toBeNull();
    expect(tierProblem([tier(1, 100), tier(101, 200)])).toBeNull();
  });

  it.each([
    ['overlapping tiers', [tier(1, 100), tier(50, null)], 'Price tiers overlap: 1–100 and 50+'],
    ['a gap', [tier(1, 100), tier(200, null)], 'Price tiers leave a gap between 100 and 200 clicks'],
    ['an open-ended tier before the last', [tier(1, null), tier(5, 10)], 'Only the last price tier may be open-ended'],
    ['no tier', [], 'A plan needs at least one price tier'],
    ['a tier ending before it starts', [tier(10, 5)], 'Tier 1 must end at or after 10 clicks'],
    ['a negative price', [tier(1, null, -1)], 'Tier 1 needs a price of zero or more in whole minor units'],
    ['fractional clicks', [tier(1.5, null)], 'Tier 1 must start at a whole number of clicks of at least 1'],
  ])('names %s', (_, tiers, problem) => {
    expect(tierProblem(tiers)).toBe(problem);
  });
});

describe('quantityProblem', () => {
  it.each([
    [999, 'The smallest quantity of this plan is 1,000 clicks'],
    [0, 'Clicks must be a whole number of at least 1'],
    [2.5, 'Clicks must be a whole number of at least 1'],
    [1_000, null],
    [5_000_000, null],
  ])('for %s clicks: %s', (clicks, problem) => {
    expect(quantityProblem(bands, clicks)).toBe(problem);
  });

  it('caps a plan whose last tier ends', () => {
    expect(quantityProblem([tier(1, 100)], 101)).toBe('The largest quantity of this plan is 100 clicks');
    expect(quantityProblem([], 1)).toBe('This plan has no prices');
  });
});

describe('money', () => {
  it('writes minor units as pounds or Australian dollars', () => {
    expect(formatMoney(123_450, 'uk')).toBe('£1,234.50');
    expect(formatMoney(123_450, 'australia')).toBe('A$1,234.50');
    expect(formatMoney(5, 'uk')).toBe('£0.05');
    expect(formatMoney(-250, 'uk')).toBe('-£2.50');
    expect(rateText(2500, 'australia')).toBe('A$25.00 per 1,000 clicks');
  });

  it('puts a plan\'s pricing in words', () => {
    expect(formulaOf('graduated', [tier(1, 9_999, 800), tier(10_000, null, 500)], 'uk')).toBe(
      'Each band of clicks at its own rate, added up. 1–9,999 clicks: £8.00 per 1,000 clicks; 10,000+ clicks: £5.00 per 1,000 clicks',
    );
  });
});
