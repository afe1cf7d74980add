import type { BankDataset, BankResult } from '../../../contract/bank/entities';
import { BankInputError, checkAu, checkUk } from '../../engines/bank';
import { AppError } from '../../errors';
import type { MeteredCaller } from '../../http/meteredCaller';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { subscriptionsWithRemaining } from '../usage/index';

export type BankRequest = { sortCode: string; accountNumber: string; dataset: BankDataset };

/**
 * The engine's answer, or a 400 with its words for a bad input. The engine is pure and cheap, so it
 * runs before the charge: a bad input is refused without touching the meter.
 */
export function runBankEngine({ sortCode, accountNumber, dataset }: BankRequest): Omit<BankResult, 'clicksLeft'> {
  try {
    if (dataset === 'BANK-AU') {
      const r = checkAu(sortCode, accountNumber);
      return { dataset, country: 'AU', sortCode: r.bsb, accountNumber: r.accountNumber, status: r.status, valid: r.status === 'valid' ? true : null,
        tableVersion: null, institution: r.institution?.name ?? null, reasons: r.reasons };
    }
    const r = checkUk(sortCode, accountNumber);
    return { dataset, country: 'GB', sortCode: r.sortCode, accountNumber: r.accountNumber, status: r.status, valid: r.valid,
      tableVersion: r.tableVersion, institution: null, reasons: r.reasons };
  } catch (error) {
    if (error instanceof BankInputError) throw new AppError(400, error.message);
    throw error;
  }
}

/** Clicks left now on the account's enabled bank code subscriptions. */
export async function bankClicksLeft(deps: Pick<Deps, 'db' | 'clock'>, accountId: number): Promise<number> {
  const rows = await subscriptionsWithRemaining(deps.db, accountId, secondsOf(deps.clock));
  return rows.filter((r) => r.service === 'bankcode' && r.enabled).reduce((sum, r) => sum + Number(r.remainClicks), 0);
}

/**
 * How a bank check is charged (service bankcode, by route()'s meter): a UK check on the BANK-UK
 * dataset's bundles, reported under GB; a BSB check on any bank code subscription, reported under AU
 * (no plan of the catalogue sells Australian bank checks: the Applications menu hides Payment
 * Validation for Australian accounts, and the API answers a UK account's BSB checks).
 */
export const bankCharge = {
  country: (request: BankRequest) => (request.dataset === 'BANK-AU' ? 'AU' : 'GB'),
  datasetRef: (request: BankRequest) => (request.dataset === 'BANK-UK' ? 'BANK-UK' : undefined),
};

/** The answer of a charged check: the engine's answer (run before the charge) and the clicks left after it. */
export async function bankAnswer(deps: Pick<Deps, 'db' | 'clock'>, caller: MeteredCaller, answer: Omit<BankResult, 'clicksLeft'>): Promise<BankResult> {
  return { ...answer, clicksLeft: await bankClicksLeft(deps, caller.accountId) };
}
