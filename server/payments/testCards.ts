import { testCards } from '../../contract/shared/shop';

// The test gateway's card form: what a real provider's page checks before it asks the bank. Only
// the cards of contract/shared/shop.ts exist at this gateway; any future expiry and any CVC pass.

export type TestCardKind = keyof typeof testCards;

/** The card form as posted; `save` is the box that keeps the card for future payments (off unless ticked). */
export type CardForm = { number: string; expiry: string; cvc: string; name: string; save?: boolean };

export type ParsedCard = { kind: TestCardKind; brand: string; lastFour: string; expiryMonth: number; expiryYear: number };

export type CardFieldErrors = Partial<Record<keyof CardForm, string>>;

const digitsOf = (number: string) => number.replace(/[\s-]/g, '');

const kinds = ['success', 'declined', 'confirm', 'webhookOnly'] as const satisfies readonly TestCardKind[];
const kindByNumber = new Map<string, TestCardKind>(kinds.map((kind) => [digitsOf(testCards[kind].number), kind]));

/** The Luhn checksum every card number carries, so a mistyped digit is caught before the bank. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The card scheme from the number's first digits (issuer identification). */
export function brandOf(digits: string): string {
  if (digits.startsWith('34') || digits.startsWith('37')) return 'American Express';
  if (digits.startsWith('4')) return 'Visa';
  if (digits.startsWith('5')) return 'Mastercard';
  return 'Card';
}

/** MM/YY or MM/YYYY (spaces allowed); null when it is neither. */
function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** The card of a submitted form, or the message of each field that is wrong; `now` in milliseconds. */
export function parseCardForm(form: CardForm, now: number): { card: ParsedCard } | { errors: CardFieldErrors } {
  const errors: CardFieldErrors = {};
  const digits = digitsOf(form.number);
  const kind = kindByNumber.get(digits);
  if (!digits) errors.number = 'Enter the card number';
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.number = 'This card number is not valid: check the digits';
  else if (!kind) errors.number = 'This is not one of the test cards listed on this page';

  const expiry = parseExpiry(form.expiry);
  const today = new Date(now);
  if (!form.expiry.trim()) errors.expiry = 'Enter the expiry date';
  else if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY';
  // A card is valid to the end of its expiry month.
  else if (expiry.year * 12 + expiry.month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) errors.expiry = 'This card has expired';

  const cvcLength = brandOf(digits) === 'American Express' ? 4 : 3;
  if (!form.cvc.trim()) errors.cvc = 'Enter the security code';
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(form.cvc.trim())) errors.cvc = `Enter the ${cvcLength}-digit security code`;

  if (!form.name.trim()) errors.name = 'Enter the name on the card';
  else if (form.name.trim().length > 100) errors.name = 'The name on the card must be at most 100 characters';

  if (Object.keys(errors).length > 0 || !kind || !expiry) return { errors };
  return { card: { kind, brand: brandOf(digits), lastFour: digits.slice(-4), expiryMonth: expiry.month, expiryYear: expiry.year } };
}
