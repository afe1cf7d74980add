// The one rule against CSV (formula) injection (contract/shared/csv.ts), shared by the SPA's exports
// and the server's CSV files: formulas get a leading ', numbers and phone-like values stay as they
// are, and a neutralised value read back by csv-parse, from the SPA's writer or from csv-stringify as
// the server sets it up, is the value with its '.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { isFormulaLike, neutraliseFormula } from '../../contract/shared/csv';
import { toCsv } from '../../src/shared/csv';

/** What may still start a formula after the rule: a signed number or a phone-like value, nothing else. */
const harmless = /^[+-]([\d .()-]*\d[\d .()-]*|(\d+\.?\d*|\.\d+)[eE][+-]?\d+)$/;

const attacks = [
  '=HYPERLINK("http://x","y")',
  "+cmd|' /C calc'!A0",
  "=cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(A1)",
  '=1+1',
  '=1',
  '+1+1',
  '-1+1',
  '-1*2',
  '-A1',
  '-1:1',
  '+Sheet1!A1',
  '-$A$1',
  '+1E3+A1',
  '-1 E3',
  '+"text"',
  '\t=1+1',
  '\tplain text after a tab',
  '\r=1+1',
  '\r\n=1+1',
  '\r',
  '\t',
  '-',
  '+',
  '=',
  '@',
  '--',
  '+ ',
  '-(',
  '@example.com',
  '-Infinity',
  '+44 20 7946 0958 ext 12',
  '+44/20',
  '+4420,7946',
];

const kept = [
  '-12.50',
  '+447946095800',
  '0123',
  '1e3',
  '+1.5e3',
  '-1.5E-3',
  '+1E+3',
  '-.5',
  '+12.',
  '-0',
  '+44 20 7946 0958',
  '+44 (0)20 7946 0958',
  '+1-555-010-9999',
  '+61.2.9999.9999',
  '-12 500',
  '-(12)',
  'Alex Example',
  '12 High Street',
  '2024-01-31',
  'a=b',
  'x+1',
  'name@example.com',
  ' =1+1',
  "'=already quoted",
  '',
];

describe('the rule', () => {
  it.each(attacks)('neutralises %j with a leading quote', (text) => {
    expect(isFormulaLike(text)).toBe(true);
    expect(neutraliseFormula(text)).toBe(`'${text}`);
  });

  it.each(kept)('keeps %j as it is', (text) => {
    expect(isFormulaLike(text)).toBe(false);
    expect(neutraliseFormula(text)).toBe(text);
  });

  it('changes a text only by a leading quote, and only one that starts a formula', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '0', '1', '9', '.', ' ', '(', ')', 'e', 'E', 'A', '|', '!', ':', '$', '"', "'", ',', ';', 'x') }), (text) => {
        const out = neutraliseFormula(text);
        if (!/^[=+\-@\t\r]/.test(text)) expect(out).toBe(text);
        else expect([text, `'${text}`]).toContain(out);
        // Nothing that leaves starting a formula holds more than a signed number or a phone-like value:
        // no letter (but an exponent's), no reference, no function, no operator but the hyphen.
        if (/^[=+\-@\t\r]/.test(out)) expect(out).toMatch(harmless);
        // Once is enough: a neutralised text is left alone.
        expect(neutraliseFormula(out)).toBe(out);
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps every number a spreadsheet reads, however written', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom('', '+'), (n, plus) => {
        const text = `${n < 0 || Object.is(n, -0) ? '' : plus}${String(n)}`;
        expect(neutraliseFormula(text)).toBe(text);
      }),
    );
    // Money as a customer file has it: -12.50, +3.05.
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.nat({ max: 99 }), fc.constantFrom('', '+'), (a, b, plus) => {
        const text = `${a < 0 ? '' : plus}${a}.${String(b).padStart(2, '0')}`;
        expect(neutraliseFormula(text)).toBe(text);
      }),
    );
  });
});

describe('read back with csv-parse', () => {
  const values = [...attacks, ...kept, 'x, y', 'say "hi"', 'two\nlines', 'cr\ronly'];

  it('the SPA writer: each cell is the value, with a quote where it would run', () => {
    const [back] = parseCsv(toCsv([values]), { bom: true });
    expect(back).toEqual(values.map(neutraliseFormula));
    for (const [i, text] of values.entries()) if (attacks.includes(text)) expect(back[i].startsWith("'")).toBe(true);
  });

  it('csv-stringify as the server sets it up (output.ts): the same', () => {
    const text = stringify([values.map(neutraliseFormula)], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
    const [back] = parseCsv(text);
    expect(back).toEqual(values.map(neutraliseFormula));
    for (const [i, v] of values.entries()) if (attacks.includes(v)) expect(back[i]).toBe(`'${v}`);
  });

  it('any text survives the SPA writer and csv-parse, changed only by the rule', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", '1', 'a', ' ') }), { minLength: 1, maxLength: 5 }), (row) => {
        fc.pre(row.length > 1 || row[0] !== '');
        const [back] = parseCsv(toCsv([row]));
        expect(back).toEqual(row.map(neutraliseFormula));
        for (const cell of back) if (/^[=+\-@\t\r]/.test(cell)) expect(cell).toMatch(harmless);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the SPA export', () => {
  it('neutralises what it missed before and keeps phone numbers it quoted before', () => {
    // Before this rule a text starting with - and a digit was always kept, a formula included, and
    // every + was quoted, a phone number included.
    expect(toCsv([["-2+3+cmd|' /C calc'!A0", '+447946095800', '+44 20 7946 0958', -5, '-12.50']])).toBe(`'-2+3+cmd|' /C calc'!A0,+447946095800,+44 20 7946 0958,-5,-12.50\r\n`);
  });
});
