// The cleanse engine (server/engines/cleanse): records per second per core for the whole cleanse of a
// generated customer file (parse, standardise, match, dedupe at household level, suppression),
// against bare csv-parse streaming of the same file, measured in the same run and printed as a ratio
// (goal at least 10 % of parse speed); peak RSS (goal at most 1 GiB at 1M); and the larger file's
// CPU time against the smaller's (goal at most 2.2x for 2x the records). Each size runs in a process
// of its own (this file with --child), so its peak RSS is the cleanse's own and not the bench's.
// Small sizes by default; the 1M and 2M with BENCH_CLEANSE_FULL=1 (about 10 minutes: see
// the README's Benchmarks).
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse';
import { seeded, ukSample } from '../server/engines/address/generate';
import { AddressIndex } from '../server/engines/address/index';
import { csvField, pafFields } from '../server/engines/address/records';
import { autoMap } from '../server/engines/cleanse/mapping';
import { parseDelimitedBatches } from '../server/engines/cleanse/parse';
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
const mb = (bytes: number) => bytes / 1024 / 1024;

async function bareParse(path: string): Promise<{ records: number; seconds: number }> {
  const began = cpu();
  let records = 0;
  for await (const _ of createReadStream(path, { highWaterMark: 1 << 20 }).pipe(parse({ relax_column_count: true }))) records++;
  return { records, seconds: cpu() - began };
}

type Measure = {
  rows: number;
  parseRate: number;
  rate: number;
  cleanseCpu: number;
  baseRssMb: number;
  peakRssMb: number;
  stats: ReturnType<typeof emptyStats>;
};

/** In the child: the reference, the file, bare parse, then the cleanse; what it measured. */
async function measure(size: number, refSize: number, dir: string): Promise<Measure> {
  const index = new AddressIndex('PAF');
  for (const r of ukSample(refSize)) index.add(pafFields.map((f) => r[f]));
  index.finish();
  const suppression = new SuppressionList(sampleSuppressionList(index, 1_000));
  const path = join(dir, `customer-${size}.csv`);
  await writeCustomerFile(path, index, size);
  const bare = await bareParse(path);
  const baseRssMb = mb(process.memoryUsage().rss);
  const stats = emptyStats();
  const began = cpu();
  const rows = () => parseDelimitedBatches(createReadStream(path, { highWaterMark: 1 << 20 }));
  const settings: CleanseSettings = {
    territory: 'uk', index, mapping: autoMap(header, []), usePAF: true, dedupeLevel: 'household', separateDuplicates: true,
    suppression: { list: suppression, settings: { deceased: 'suppress', goneAway: 'flag' } },
  };
  for await (const _ of cleanse(rows, settings, stats)) void _;
  const cleanseCpu = cpu() - began;
  rmSync(path);
  return {
    rows: size, parseRate: bare.records / bare.seconds, rate: stats.inputRecords / cleanseCpu, cleanseCpu,
    baseRssMb, peakRssMb: process.resourceUsage().maxRSS / 1024, stats,
  };
}

/** One size in a child process (tsx, this file with --child); resolves with its measure. */
function inChild(size: number, refSize: number, dir: string): Promise<Measure> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(size), String(refSize), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (piece: Buffer) => (out += piece.toString()));
  return new Promise((done, fail) =>
    child.once('exit', (code) => (code === 0 ? done(JSON.parse(out) as Measure) : fail(new Error(`bench-cleanse --child ${size} exited with ${code}: ${out}`)))),
  );
}

const n = (value: number) => Math.round(value).toLocaleString('en-GB');

export async function benchCleanse(): Promise<void> {
  const full = process.env.BENCH_CLEANSE_FULL === '1';
  const sizes = full ? [1_000_000, 2_000_000] : [20_000, 40_000];
  const refSize = full ? 1_000_000 : 50_000;
  const dir = mkdtempSync(join(tmpdir(), 'bench-cleanse-'));
  try {
    console.log(`Cleanse engine: generated customer files of ${sizes.map(n).join(' and ')} rows over ${n(refSize)} reference addresses, each in its own process${full ? '' : ' (BENCH_CLEANSE_FULL=1 for 1M and 2M)'}`);
    const results: Measure[] = [];
    for (const size of sizes) {
      const m = await inChild(size, refSize, dir);
      results.push(m);
      const ratio = m.rate / m.parseRate;
      console.log(`  ${n(size)} rows: cleanse ${n(m.rate)} records/s per core, bare csv-parse ${n(m.parseRate)} records/s: ratio ${(ratio * 100).toFixed(1)} % (goal >= 10 %) ${ratio >= 0.1 ? 'OK' : 'UNDER GOAL'}`);
      console.log(`    peak RSS ${n(m.peakRssMb)} MB (${n(m.baseRssMb)} MB before the cleanse: reference index and suppression list): ${(m.peakRssMb / 1024).toFixed(2)} of the 1 GiB goal${size === 1_000_000 ? (m.peakRssMb <= 1024 ? ' OK' : ' OVER GOAL') : ''}`);
      console.log(`    matched ${n(m.stats.matching.matched)}, updated ${n(m.stats.matching.updated)}, unmatched ${n(m.stats.matching.unmatched)}; child ${n(m.stats.deduplication.child)}, parent ${n(m.stats.deduplication.parent)}; errors ${m.stats.errors}`);
    }
    const growth = results[1].cleanseCpu / results[0].cleanseCpu;
    console.log(`  ${n(sizes[1])} rows took ${growth.toFixed(2)}x the cleanse CPU time of ${n(sizes[0])} (goal <= 2.2x) ${growth <= 2.2 ? 'OK' : 'OVER GOAL'}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  const [size, refSize, dir] = process.argv.slice(3);
  process.stdout.write(JSON.stringify(await measure(Number(size), Number(refSize), dir)));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  await benchCleanse();
}
