import { territories, type Territory } from '../../../../contract/shared/territory';
import type { BureauAdminSearch } from '../../../routing/params';
import type { Cell } from '../../../shared/csv';
import { formatDate } from '../../../shared/format';
import type { JobCharge, RoyaltyCharge } from '../../../api/bureau';

// The filters and totals of the royalty and job charge reports. Pure (tests/views/bureauAdmin.test.tsx).

const isTerritory = (v: string | undefined): v is Territory => territories.some((t) => t === v);

/** "1,3" -> [1, 3]: positive whole ids; null when the list is absent, and what was not an id said. */
export function idList(text: string | undefined, what: string): { ids: number[] | null; problem: string | null } {
  if (text === undefined) return { ids: null, problem: null };
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  const ids = parts.filter((p) => /^\d{1,9}$/.test(p) && Number(p) > 0).map(Number);
  return { ids: [...new Set(ids)], problem: ids.length < parts.length ? `Some ${what} in the address are not ids: they are left out.` : null };
}

/** The territory of a report in the address: the royalty report needs one (`fallback`), the job charges may have none (both). */
export function territoryOf(search: BureauAdminSearch, fallback: Territory | null): { territory: Territory | null; problem: string | null } {
  if (isTerritory(search.territory)) return { territory: search.territory, problem: null };
  return { territory: fallback, problem: search.territory ? `There is no territory “${search.territory}”: ${fallback ? 'the default is used' : 'both are shown'}.` : null };
}

export type Sums = { jobs: number; records: number; matches: number; charges: number; realCharges: number };

/** What the royalty report adds up (one territory): charged and owed. Records are counted per cost type, so never added across them. */
export const royaltyTotals = (rows: readonly RoyaltyCharge[]) => ({
  charges: rows.reduce((n, r) => n + r.charges, 0),
  realCharges: rows.reduce((n, r) => n + r.realCharges, 0),
});

/** Totals of the job charges per territory (pounds are never added to dollars). */
export function jobTotals(jobs: readonly JobCharge[]): Array<{ territory: Territory } & Sums> {
  return territories
    .map((territory) => {
      const mine = jobs.filter((j) => j.territory === territory);
      const sum = (f: (j: JobCharge) => number) => mine.reduce((n, j) => n + f(j), 0);
      return {
        territory,
        jobs: mine.length,
        records: sum((j) => j.totalCount),
        matches: sum((j) => j.transactions.reduce((n, t) => n + t.matches, 0)),
        charges: sum((j) => j.totalCharges),
        realCharges: sum((j) => j.totalRealCharges),
      };
    })
    .filter((t) => t.jobs > 0);
}

/** The job charges of one territory per reference file, in major units, for the chart. */
export function jobsPerMaf(jobs: readonly JobCharge[], mafName: (mafId: number | null) => string) {
  const names = [...new Set(jobs.map((j) => mafName(j.mafId)))];
  const of = (name: string, f: (j: JobCharge) => number) => jobs.filter((j) => mafName(j.mafId) === name).reduce((n, j) => n + f(j), 0) / 100;
  return {
    ticks: names,
    series: [
      { label: 'Charged', values: names.map((n) => of(n, (j) => j.totalCharges)) },
      { label: 'Royalty', values: names.map((n) => of(n, (j) => j.totalRealCharges)) },
    ],
  };
}

/** Money on a chart's axis: major units, two decimals when there are pence or cents. */
export const chartMoney = (major: number) => major.toLocaleString('en-GB', { maximumFractionDigits: 2 });

/** The jobs as CSV rows, header first; money in major units with its currency. */
export function jobCsv(jobs: readonly JobCharge[], mafName: (mafId: number | null) => string): Cell[][] {
  return [
    ['Job', 'Date', 'Account', 'File', 'Reference file', 'Territory', 'Currency', 'Records', 'Charged', 'Royalty', 'Post-pay'],
    ...jobs.map((j) => [
      j.jobId,
      formatDate(j.date),
      j.accountName,
      j.fileName,
      mafName(j.mafId),
      j.territory,
      j.territory === 'uk' ? 'GBP' : 'AUD',
      j.totalCount,
      j.totalCharges / 100,
      j.totalRealCharges / 100,
      j.isPostPay ? 'yes' : 'no',
    ]),
  ];
}
