import type { ResponseOf } from '../../contract/endpoint';
import type * as bureau from '../../contract/bureau/endpoints';
import { at } from './servicesFixtures';

// What the bureau server's admin calls answer in the view tests of /administration/addresscleanse.

export type Cost = ResponseOf<typeof bureau.listCosts>[number];
export type Job = ResponseOf<typeof bureau.jobCharges>[number];

export const cost = (costId: number, over: Partial<Cost> = {}): Cost => ({
  costId,
  costTypeId: 1,
  costTypeName: 'Address cleanse',
  basePrice: 500,
  pricePerMatch: 0,
  pricePerRecord: 0.5,
  realPricePerMatch: 0,
  realPricePerRecord: 0.1,
  territory: 'uk',
  minRecCount: 1_000,
  startDate: at('2025-01-01T00:00'),
  endDate: null,
  ...over,
});
export const costTypes: ResponseOf<typeof bureau.listCostTypes> = [
  { costTypeId: 1, name: 'Address cleanse', description: 'Every record of a file', appliesTo: 'cleanse' },
  { costTypeId: 2, name: 'PAF addresses', description: 'Records whose address is replaced', appliesTo: 'paf' },
];
export const mafs: ResponseOf<typeof bureau.listAdminMafs> = [
  { mafId: 1, mafName: 'Royal Mail PAF (sample)', mafCountryCode: 'GB', territory: 'uk' },
  { mafId: 2, mafName: 'G-NAF (sample)', mafCountryCode: 'AU', territory: 'australia' },
];
export const job = (jobId: number, over: Partial<Job> = {}): Job => ({
  jobId,
  accId: 31,
  accountName: 'Acme UK',
  fileName: `customers-${jobId}.csv`,
  mafId: 1,
  territory: 'uk',
  totalCharges: 1_500,
  totalRealCharges: 300,
  totalCount: 2_000,
  date: at('2025-06-02T10:00'),
  isPostPay: false,
  transactions: [{ costTypeId: 1, name: 'Address cleanse', records: 2_000, matches: 1_800, charge: 1_500, realCharge: 300 }],
  ...over,
});
