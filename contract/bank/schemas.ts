import { z } from 'zod';
import type { CallShape } from '../endpoint';
import { bankDatasets, bankResult } from './entities';

// Lengths are checked loosely here (64 characters); the engine says what is wrong with the digits.
const field = (name: string) => z.string({ error: `${name} must be text` }).max(64, `${name} is at most 64 characters`);

export const validateBankBody = z.object({
  sortCode: field('The sort code'),
  accountNumber: field('The account number'),
  dataset: z.enum(bankDatasets).default('BANK-UK'),
});

/** POST /validate (JSON): the page's twin of the SOAP call, the same engine and meter. */
export const validateBank = { body: validateBankBody, response: bankResult } satisfies CallShape;
