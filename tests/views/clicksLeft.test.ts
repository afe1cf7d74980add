import { describe, expect, it } from 'vitest';
import { clicksLeftText } from '../../src/areas/applications/clicks';

// The clicks a validation page says are left: a disabled subscription's clicks are kept but cannot be
// spent, so the page says the subscription is disabled rather than counting them.

describe('clicks left beside a validation form', () => {
  it('counts the clicks of the enabled subscriptions', () => {
    expect(clicksLeftText({ known: true, clicks: 1200, subscriptions: 2, enabled: 1 }, 'name validation')).toBe('1,200 clicks left');
  });

  it('says the subscription is disabled when every one is', () => {
    expect(clicksLeftText({ known: true, clicks: 0, subscriptions: 1, enabled: 0 }, 'name validation')).toBe(
      'The name validation subscription is disabled: an owner can enable it on the Services page',
    );
  });

  it('says there is none, or that only owners see them', () => {
    expect(clicksLeftText({ known: true, clicks: 0, subscriptions: 0, enabled: 0 }, 'email validation')).toBe('No email validation subscription');
    expect(clicksLeftText({ known: false }, 'email validation')).toBe('Clicks left are shown to the account’s owners');
  });
});
