import type { BankDataset, BankResult } from '../../../contract/bank/entities';
import { BankInputError, checkAu, checkUk } from '../../engines/bank';
import { AppError } from '../../errors';
import type { MeteredCaller } from '../../http/metered';
import { secondsOf } from '../../platform/clock';
import { meter, type Charge } from '../../platform/metering';
import type { Deps } from '../deps';
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
 * One bank check for `caller`, metered as service bankcode: a UK check on the BANK-UK dataset's
 * bundles, reported under GB; a BSB check on any bank code subscription, reported under AU (no plan
 * of the catalogue sells Australian bank checks: the Applications menu hides Payment Validation for
 * Australian accounts, and the API answers a UK account's BSB checks).
 */
export async function validateBank(deps: Deps, caller: MeteredCaller, request: BankRequest): Promise<BankResult> {
  const answer = runBankEngine(request);
  const charge: Charge = {
    accountId: caller.accountId,
    service: 'bankcode',
    tokenId: caller.tokenId,
    ip: caller.ip,
    referrer: caller.referrer,
    country: request.dataset === 'BANK-AU' ? 'AU' : 'GB',
    datasetRef: request.dataset === 'BANK-UK' ? 'BANK-UK' : undefined,
    test: caller.test,
  };
  await meter(deps, charge, async () => answer);
  return { ...answer, clicksLeft: await bankClicksLeft(deps, caller.accountId) };
}
