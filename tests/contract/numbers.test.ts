import { describe, expect, it } from 'vitest';
import { formatCount, formatMonthYear } from '../../contract/shared/numbers';

describe('numbers as the portal writes them', () => {
  it('groups whole numbers exactly as en-GB does', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, -1, -1000, -1_234_567, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-GB'));
    }
  });

  it('leaves fractions and non-finite numbers to toLocaleString', () => {
    for (const n of [1234.5678, 0.1, -2.25, NaN, Infinity]) expect(formatCount(n)).toBe(n.toLocaleString('en-GB'));
  });

  it('names the UTC month and year of a timestamp in seconds', () => {
    for (const iso of ['2026-01-01T00:00:00Z', '2026-11-30T23:59:59Z', '2025-12-31T23:59:59Z', '2024-02-29T12:00:00Z']) {
      const seconds = Date.parse(iso) / 1000;
      expect(formatMonthYear(seconds)).toBe(new Date(seconds * 1000).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }));
    }
  });
});
