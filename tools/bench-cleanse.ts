// The cleanse engine (server/engines/cleanse): records per second per core for the whole cleanse of a
// generated customer file (parse, standardise, match, dedupe at household level, suppression),
// against bare csv-parse streaming of the same file, measured in the same run and printed as a ratio
// (goal at least 10 % of parse speed); peak RSS (goal at most 1 GiB at 1M); and the larger file's time
// against the smaller's (goal at most 2.2x for 2x the records). Small sizes by default; the issue's
// 1M and 2M with BENCH_CLEANSE_FULL=1.
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { seeded, ukSample } from '../server/engines/address/generate';
import { AddressIndex } from '../server/engines/address/index';
import { csvField, pafFields } from '../server/engines/address/records';
import { autoMap } from '../server/engines/cleanse/mapping';
import { parseDelimited } from '../server/engines/cleanse/parse';
import { cleanse, emptyStats, type CleanseSettings } from '../server/engines/cleanse/run';
import { referenceAddress, sampleSuppressionList, SuppressionList } from '../server/engines/cleanse/suppress';

const header = ['Name', 'Address 1', 'Address 2', 'Address 3', 'Town', 'Postcode'];

/** A customer file of `count` rows over the reference: 10 % without postcode, 5 % repeated, in lower case now and then. */
async function writeCustomerFile(path: string, index: AddressIndex, count: number): Promise<void> {
  const rnd = seeded(41);
  const out = createWriteStream(path);
  let buffer = header.join(',') + '\n';
  for (let i = 0; i < count; i++) {
    const id = rnd() < 0.05 && i > 0 ? Math.floor(rnd() * Math.min(i, index.size)) : i % index.size;
    const a = referenceAddress(index, id, `Person ${id} Surname${id % 97}`);
    const town = rnd() < 0.2 ? a.town.toLowerCase() : a.town;
    const postcode = rnd() < 0.1 ? '' : a.postcode;
    buffer += [a.name, a.lines[0] ?? '', a.lines[1] ?? '', a.lines[2] ?? '', town, postcode].map(csvField).join(',') + '\n';
    if (buffer.length > 1 << 16) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

async function bareParse(path: string): Promise<{ records: number; seconds: number }> {
  const began = cpu();
  let records = 0;
  for await (const _ of createReadStream(path, { highWaterMark: 1 << 20 }).pipe(parse({ relax_column_count: true }))) records++;
  return { records, seconds: cpu() - began };
}

export async function benchCleanse(): Promise<void> {
  const full = process.env.BENCH_CLEANSE_FULL === '1';
  const sizes = full ? [1_000_000, 2_000_000] : [20_000, 40_000];
  const refSize = full ? 1_000_000 : 50_000;
  const dir = mkdtempSync(join(tmpdir(), 'bench-cleanse-'));
  try {
    const index = new AddressIndex('PAF');
    for (const r of ukSample(refSize)) index.add(pafFields.map((f) => r[f]));
    index.finish();
    const suppression = new SuppressionList(sampleSuppressionList(index, 1_000));
    console.log(`Cleanse engine: generated customer files of ${sizes.map((s) => s.toLocaleString('en-GB')).join(' and ')} rows over ${refSize.toLocaleString('en-GB')} reference addresses${full ? '' : ' (BENCH_CLEANSE_FULL=1 for 1M and 2M)'}`);
    const wall: number[] = [];
    for (const size of sizes) {
      const path = join(dir, `customer-${size}.csv`);
      await writeCustomerFile(path, index, size);
      const bare = await bareParse(path);
      const stats = emptyStats();
      const began = cpu();
      const t0 = performance.now();
      const rows = () => parseDelimited(createReadStream(path, { highWaterMark: 1 << 20 }));
      const settings: CleanseSettings = {
        territory: 'uk', index, mapping: autoMap(header, []), usePAF: true, dedupeLevel: 'household', separateDuplicates: true,
        suppression: { list: suppression, settings: { deceased: 'suppress', goneAway: 'flag' } },
      };
      for await (const _ of cleanse(rows, settings, stats)) void _;
      const seconds = cpu() - began;
      wall.push(performance.now() - t0);
      const parseRate = bare.records / bare.seconds;
      const rate = stats.inputRecords / seconds;
      const ratio = rate / parseRate;
      console.log(`  ${size.toLocaleString('en-GB')} rows: cleanse ${Math.round(rate).toLocaleString('en-GB')} records/s per core, bare csv-parse ${Math.round(parseRate).toLocaleString('en-GB')} records/s, ratio ${(ratio * 100).toFixed(1)} % (goal >= 10 %) ${ratio >= 0.1 ? 'OK' : 'UNDER GOAL'}`);
      console.log(`    matched ${stats.matching.matched}, updated ${stats.matching.updated}, unmatched ${stats.matching.unmatched}; child ${stats.deduplication.child}, parent ${stats.deduplication.parent}; errors ${stats.errors}`);
    }
    const rssMb = process.resourceUsage().maxRSS / 1024;
    console.log(`  peak RSS ${rssMb.toFixed(0)} MB (goal <= 1024 MB at 1M); ${sizes[1].toLocaleString('en-GB')} took ${(wall[1] / wall[0]).toFixed(2)}x the time of ${sizes[0].toLocaleString('en-GB')} (goal <= 2.2x)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCleanse();
