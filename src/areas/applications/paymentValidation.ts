import type { BankResult } from '../../../contract/bank/entities';

/** The answer in words: a headline and its tone. */
export function bankVerdict(result: BankResult): { tone: 'good' | 'bad' | 'unknown'; headline: string } {
  const where = `sort code ${result.sortCode}, account ${result.accountNumber}`;
  switch (result.status) {
    case 'valid':
      return { tone: 'good', headline: `Valid: ${where} passes the modulus check` };
    case 'invalid':
      return { tone: 'bad', headline: `Invalid: ${where} fails the modulus check` };
    case 'notInTable':
      return { tone: 'unknown', headline: `Cannot say: sort code ${result.sortCode} is not in the Vocalink table` };
    default:
      return { tone: 'unknown', headline: `Institution not known: ${where}` };
  }
}
