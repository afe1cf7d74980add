import { suppressionTypeKeys, type BureauStats, type FileResults } from '../../../contract/bureau/entities';
import { badRequest } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { authoriseGroup, groupFacts, type Caller } from '../access/index';
import { mafsOfTerritoryOr, pricesAt, resultsOfAccountIn } from './costQueries';
import { priceFile } from './pricing';

// GET /stats/summary ?accId, dateFrom, dateTo (spec section 3, Bureau stats): per reference file,
// the files whose results were made in the range, all of them and those paid for. A paid file costs
// its job charge; one with an order under way its fixed cost; any other what today's prices say.
// Costs are net of tax, in minor units.

type Block = BureauStats['all'];

const emptyBlock = (): Block => ({
  files: 0,
  cost: 0,
  inputRecords: 0,
  outputRecords: 0,
  matching: { matched: 0, updated: 0, unmatched: 0 },
  deduplication: { child: 0, parent: 0, unique: 0 },
  suppression: suppressionTypeKeys.map((type) => ({ type, removed: 0, flagged: 0 })),
});

function add(block: Block, results: FileResults, cost: number): void {
  block.files += 1;
  block.cost += cost;
  block.inputRecords += results.inputRecordCount;
  block.outputRecords += results.outputRecordCount;
  for (const key of ['matched', 'updated', 'unmatched'] as const) block.matching[key] += results.codingStats[key];
  for (const key of ['child', 'parent', 'unique'] as const) block.deduplication[key] += results.dedupeStats[key];
  for (const line of block.suppression) {
    line.removed += results.suppressionRemovedStats[line.type] ?? 0;
    line.flagged += results.suppressionFlaggedStats[line.type] ?? 0;
  }
}

export async function statsSummary(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, query: { accId: number; dateFrom: number; dateTo: number }): Promise<BureauStats[]> {
  const { db } = deps;
  // The account's owners and staff (the need of the usage reports).
  const group = await authoriseGroup(db, caller, query.accId, 'manage');
  if (group.type !== 'account') throw badRequest('Bureau stats belong to accounts: choose an account');
  const { territory } = await groupFacts(db, query.accId);
  const files = await resultsOfAccountIn(db, query);
  const mafs = await mafsOfTerritoryOr(db, territory, files.flatMap((file) => (file.maf_id === null ? [] : [file.maf_id])));
  const stats = new Map<number, BureauStats>(
    mafs.map((maf) => [maf.id, { mafId: maf.id, mafName: maf.name, mafCountryCode: maf.country_code, all: emptyBlock(), purchased: emptyBlock() }]),
  );
  const now = secondsOf(deps.clock);
  const prices = await pricesAt(db, territory, now);
  // A file with no reference file set counts under its territory's first one.
  const firstMaf = mafs.find((maf) => maf.territory === territory)?.id ?? 0;
  for (const file of files) {
    const results = file.results;
    if (results === null) continue;
    const entry = stats.get(file.maf_id ?? firstMaf);
    if (!entry) continue;
    const paid = file.charged !== null;
    const fixed = file.cost !== null && (file.orderStatus === 'pending' || file.orderStatus === 'paid');
    const cost = paid
      ? Number(file.charged)
      : fixed && file.cost !== null
        ? file.cost.net
        : priceFile(file.territory, { usePaf: file.use_paf, dedupeLevel: file.dedupe_level, suppression: file.suppression ?? {}, results }, prices).net;
    add(entry.all, results, cost);
    if (paid) add(entry.purchased, results, cost);
  }
  return [...stats.values()];
}
