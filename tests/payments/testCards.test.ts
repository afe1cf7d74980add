// The test gateway's card form checks (server/payments/testCards.ts): Luhn, brand, expiry, the
// four test cards of contract/shared/shop.ts and nothing else.
import { describe, expect, it } from 'vitest';
import { testCards } from '../../contract/shared/shop';
import { brandOf, luhnValid, parseCardForm } from '../../server/payments/testCards';

const now = Date.UTC(2030, 5, 15);
const form = (fields: Partial<{ number: string; expiry: string; cvc: string; name: string }>) =>
  ({ number: testCards.success.number, expiry: '12/34', cvc: '123', name: 'Ada Lovelace', ...fields });

describe('test cards', () => {
  it('checks the Luhn digit', () => {
    for (const card of Object.values(testCards)) expect(luhnValid(card.number.replace(/ /g, ''))).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('names the brand from the first digits', () => {
    expect(brandOf('4242424242424242')).toBe('Visa');
    expect(brandOf('5555555555554444')).toBe('Mastercard');
    expect(brandOf('378282246310005')).toBe('American Express');
    expect(brandOf('340000000000009')).toBe('American Express');
    expect(brandOf('6011111111111117')).toBe('Card');
  });

  it('knows each test card by its number, spaced or not', () => {
    expect(parseCardForm(form({}), now)).toEqual({ card: { kind: 'success', brand: 'Visa', lastFour: '4242', expiryMonth: 12, expiryYear: 2034 } });
    expect(parseCardForm(form({ number: '4000000000000002' }), now)).toMatchObject({ card: { kind: 'declined', lastFour: '0002' } });
    expect(parseCardForm(form({ number: '4000-0025-0000-3155' }), now)).toMatchObject({ card: { kind: 'confirm', lastFour: '3155' } });
    expect(parseCardForm(form({ number: testCards.webhookOnly.number, expiry: '6/2030' }), now)).toMatchObject({ card: { kind: 'webhookOnly', expiryMonth: 6, expiryYear: 2030 } });
  });

  it('gives each wrong field its own message', () => {
    expect(parseCardForm({ number: '', expiry: '', cvc: '', name: ' ' }, now)).toEqual({
      errors: { number: 'Enter the card number', expiry: 'Enter the expiry date', cvc: 'Enter the security code', name: 'Enter the name on the card' },
    });
    expect(parseCardForm(form({ number: '4242 4242 4242 4241' }), now)).toEqual({ errors: { number: 'This card number is not valid: check the digits' } });
    expect(parseCardForm(form({ number: '4111 1111 1111 1111' }), now)).toEqual({ errors: { number: 'This is not one of the test cards listed on this page' } });
    expect(parseCardForm(form({ expiry: '5/30' }), now)).toEqual({ errors: { expiry: 'This card has expired' } });
    expect(parseCardForm(form({ expiry: '13/30' }), now)).toEqual({ errors: { expiry: 'Enter the expiry date as MM/YY' } });
    expect(parseCardForm(form({ cvc: '12' }), now)).toEqual({ errors: { cvc: 'Enter the 3-digit security code' } });
    expect(parseCardForm(form({ name: 'x'.repeat(101) }), now)).toEqual({ errors: { name: 'The name on the card must be at most 100 characters' } });
  });
});
