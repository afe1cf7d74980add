// The address engine (server/engines/address): autocomplete p50 and p99 over an index of 1,000,000
// generated addresses per dataset (UK in PAF fields, Australia in G-NAF fields), next to a linear scan
// of the same records for the same queries (the baseline, measured in the same run, printed as a
// ratio); lookups per second on one core (a postcode lookup with its label formatted); the time to
// generate and load the files; and the heap the indexes hold per million addresses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultLabelConfig } from '../contract/shared/labelConfig';
import { formatRecord, suggestionOf } from '../server/engines/address/datasets';
import { seeded, writeAustraliaSample, writeUkSample } from '../server/engines/address/generate';
import type { AddressIndex } from '../server/engines/address/index';
import { recordWords } from '../server/engines/address/index';
import { loadCsv } from '../server/engines/address/load';
import { scan } from '../server/engines/address/scan';
import { pafFields } from '../server/engines/address/records';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n: number) => `${n.toFixed(3)} ms`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Queries as people type them: 1 to 3 words of a real record, the last one cut short. */
function queries(index: AddressIndex, layout: 'PAF' | 'GNAF', count: number, seed: number): string[] {
  const rnd = seeded(seed);
  const out: string[] = [];
  while (out.length < count) {
    const ws = recordWords(layout, index.fields(Math.floor(rnd() * index.size)));
    const n = 1 + Math.floor(rnd() * Math.min(3, ws.length));
    const picked = Array.from({ length: n }, () => ws[Math.floor(rnd() * ws.length)]);
    const last = picked[n - 1];
    picked[n - 1] = last.slice(0, 1 + Math.floor(rnd() * last.length));
    out.push(picked.join(' '));
  }
  return out;
}

export async function benchAddress(total = 1_000_000): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-address-'));
  try {
    const half = total;
    let began = performance.now();
    await writeUkSample(join(dir, 'uk.csv'), half);
    await writeAustraliaSample(join(dir, 'au.csv'), half);
    const generateMs = performance.now() - began;
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    began = performance.now();
    const uk = (await loadCsv(join(dir, 'uk.csv'), 'PAF', { chunk: 50_000 })).index;
    const au = (await loadCsv(join(dir, 'au.csv'), 'GNAF', { chunk: 50_000 })).index;
    const loadMs = performance.now() - began;
    gc();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;

    console.log(`Address engine: ${half.toLocaleString('en-GB')} generated PAF addresses and ${half.toLocaleString('en-GB')} G-NAF addresses, one index each`);
    console.log(`  generate ${Math.round(generateMs)} ms, stream and index ${Math.round(loadMs)} ms`);
    console.log(`  heap held by the indexes: ${heapMb.toFixed(0)} MB, ${(heapMb / ((2 * total) / 1e6)).toFixed(0)} MB per million addresses${(globalThis as { gc?: unknown }).gc ? '' : ' (run with --expose-gc for a steadier figure)'}`);

    for (const [name, index, layout] of [['uk', uk, 'PAF'], ['australia', au, 'GNAF']] as const) {
      const qs = queries(index, layout, 2_000, 13);
      const times: number[] = [];
      for (const q of qs) {
        const t = performance.now();
        const r = index.search(q, 10);
        for (const id of r.ids) suggestionOf(layout, id, index.fields(id));
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      // The baseline: a linear scan of the same records for the same queries (fewer of them: it is slow).
      const scanTimes: number[] = [];
      for (const q of qs.slice(0, 30)) {
        const t = performance.now();
        scan(index, q, 10);
        scanTimes.push(performance.now() - t);
      }
      scanTimes.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p99 = percentile(times, 99);
      const s50 = percentile(scanTimes, 50);
      const s99 = percentile(scanTimes, 99);
      console.log(`  autocomplete ${name} (${qs.length} queries, 10 suggestions, formatted): p50 ${ms(p50)}, p99 ${ms(p99)} (target p99 < 10 ms) ${p99 < 10 ? 'OK' : 'OVER TARGET'}`);
      console.log(`    linear scan of the ${index.size.toLocaleString('en-GB')} records (${scanTimes.length} queries): p50 ${ms(s50)}, p99 ${ms(s99)}; ratio ${(s50 / p50).toFixed(0)}x at p50, ${(s99 / p99).toFixed(0)}x at p99`);
    }

    // Lookups per second on one core: a UK postcode's addresses, each label formatted (PAF rules).
    const rnd = seeded(7);
    const postcodes = Array.from({ length: 500 }, () => uk.fields(Math.floor(rnd() * uk.size))[pafFields.indexOf('postcode')]);
    const config = defaultLabelConfig('uk');
    let lookups = 0;
    let addresses = 0;
    began = performance.now();
    while (performance.now() - began < 2_000) {
      const r = uk.byPostcode(postcodes[lookups % postcodes.length], 100);
      for (const id of r.ids) formatRecord('PAF', id, uk.fields(id), config);
      addresses += r.ids.length;
      lookups++;
    }
    const seconds = (performance.now() - began) / 1000;
    console.log(`  postcode lookups (all addresses of the postcode, labels formatted): ${Math.round(lookups / seconds).toLocaleString('en-GB')} per second on one core (${(addresses / lookups).toFixed(1)} addresses each)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAddress(Number(process.argv[2] ?? 1_000_000));
