import { z } from 'zod';
import { testMark } from '../fields';

// Bank code validation (service bankcode), spec section 7 "Bank validation": the SOAP POST of
// integrations (server/modules/bank/soap.ts) and its JSON twin for the portal's page. Both run
// the same engine (server/engines/bank) and the same meter.

/** The datasets a bank check names: UK sort codes (the catalogue's BANK-UK) or Australian BSBs. */
export const bankDatasets = ['BANK-UK', 'BANK-AU'] as const;
export type BankDataset = (typeof bankDatasets)[number];

export const bankResult = z.object({
  dataset: z.enum(bankDatasets),
  country: z.enum(['GB', 'AU']),
  /** NN-NN-NN for the UK, NNN-NNN for a BSB. */
  sortCode: z.string(),
  accountNumber: z.string(),
  /**
   * valid: passes the modulus check (UK) or a known institution prefix (AU); invalid: fails the
   * modulus check; notInTable: the sort code is in no range of Vocalink's table, so the check
   * cannot say; unknownInstitution: a well-formed BSB whose prefix is not in our list.
   */
  status: z.enum(['valid', 'invalid', 'notInTable', 'unknownInstitution']),
  /** null when the check cannot say. */
  valid: z.boolean().nullable(),
  /** The valacdos version (UK); null for a BSB. */
  tableVersion: z.string().nullable(),
  /** The institution a BSB's prefix names. */
  institution: z.string().nullable(),
  reasons: z.array(z.string()),
  /** Clicks left now on the account's enabled bank code subscriptions, after this call. */
  clicksLeft: z.number().int(),
  test: testMark,
});
export type BankResult = z.infer<typeof bankResult>;
