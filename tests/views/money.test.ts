import { describe, expect, it } from 'vitest';
import { parseCap } from '../../src/shared/billing/billingText';
import { majorUnitsProblem } from '../../src/shared/money';

// Money typed by a person (src/shared/money.ts): each refusal says what is wrong with the amount.

describe('an amount typed', () => {
  it('too large is refused for its size, with the limit, not for its decimals', () => {
    expect(parseCap('10000000000', 'uk')).toEqual({ problem: 'The cap is too large: at most 999,999,999.99' });
    expect(majorUnitsProblem('1234567890.5', 'A price')).toBe('A price is too large: at most 999,999,999.99');
    expect(parseCap('999999999.99', 'uk')).toEqual({ cap: 99_999_999_999 });
  });

  it('with three decimals is refused for its decimals', () => {
    expect(parseCap('12.505', 'uk')).toEqual({ problem: 'The cap is an amount with at most 2 decimals, such as 12.50' });
  });
});
