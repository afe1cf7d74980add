import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createAddressDatasets, type AddressDatasets } from '../../../server/engines/address/datasets';
import { australiaSample, ukSample } from '../../../server/engines/address/generate';
import { recordWords } from '../../../server/engines/address/index';
import { loadCsv } from '../../../server/engines/address/load';
import { scan } from '../../../server/engines/address/scan';
import { recordStreetTokens } from '../../../server/engines/address/streets';
import { gnafFields, pafFields, parseCsvLine, words } from '../../../server/engines/address/records';

let dir: string;
let datasets: AddressDatasets;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'address-engine-'));
  datasets = createAddressDatasets({ dataDir: dir, ukFile: null, australiaFile: null, sampleSize: 5_000 });
  await datasets.start();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const matches = (layout: 'PAF' | 'GNAF', fields: string[], query: string) => {
  const ws = recordWords(layout, fields);
  return words(query).every((q) => ws.some((w) => w.startsWith(q)));
};

describe('sample data', () => {
  it('is the same for the same seed, in the real field layouts, over real post towns and localities', () => {
    const a = [...ukSample(50, 7)];
    expect([...ukSample(50, 7)]).toEqual(a);
    expect(Object.keys(a[0])).toEqual([...pafFields]);
    const au = [...australiaSample(50, 7)];
    expect(Object.keys(au[0])).toEqual([...gnafFields]);
    expect(au[0]).toMatchObject({ postcode: '0200', locality: 'ANU', state: 'ACT' });
    expect(a.every((r) => /^[A-Z]{1,2}\d{1,2} \d[A-Z]{2}$/.test(r.postcode))).toBe(true);
  });
  it('is generated into the data folder on first start and loaded whole', () => {
    expect(datasets.list().map((s) => [s.dataset, s.status, s.count, s.sample])).toEqual([
      ['uk', 'ready', 5_000, true],
      ['australia', 'ready', 5_000, true],
    ]);
  });
});

describe('search', () => {
  it('finds a postcode by its prefix, with or without the space', () => {
    const s = datasets.state('uk');
    const pc = s.index!.fields(123)[pafFields.indexOf('postcode')];
    for (const q of [pc, pc.replace(' ', ''), pc.slice(0, -1), pc.toLowerCase()]) {
      const { ids } = s.index!.search(q, 50);
      expect(ids).toContain(123);
    }
    expect(s.index!.byPostcode(pc, 100).ids).toContain(123);
  });
  it('finds words in any order and agrees with a linear scan', () => {
    for (const d of ['uk', 'australia'] as const) {
      const s = datasets.state(d);
      for (const id of [0, 77, 1234, 4999]) {
        const ws = recordWords(s.layout, s.index!.fields(id));
        const q = `${ws[ws.length - 1].slice(0, 3)} ${ws[0]}`;
        const indexed = s.index!.search(q, 10_000);
        expect(indexed.ids).toContain(id);
        expect(indexed.ids).toEqual(scan(s.index!, q, 10_000).ids);
      }
    }
  });
  it('property: searchWords finds exactly the records holding every word whole, ascending, and the limit says there were more', () => {
    for (const st of [datasets.state('uk'), datasets.state('australia')]) {
      const index = st.index!;
      const wordsOf = (id: number) => new Set(recordWords(st.layout, index.fields(id)));
      const holding = (ws: string[]) => Array.from({ length: index.size }, (_, r) => r).filter((r) => ws.every((w) => wordsOf(r).has(w)));
      fc.assert(
        fc.property(fc.integer({ min: 0, max: index.size - 1 }), fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), (id, picks) => {
          const own = [...wordsOf(id)];
          const ws = picks.map((p) => own[p % own.length]);
          const want = holding(ws);
          const all = index.searchWords(ws, 100_000);
          expect(all).toEqual({ ids: want, more: false });
          expect(all.ids).toContain(id);
          const cut = index.searchWords(ws, 3);
          expect(cut).toEqual({ ids: want.slice(0, 3), more: want.length > 3 });
        }),
        { numRuns: 40 },
      );
      // A word no record holds whole, though it starts some: nothing.
      const prefix = [...wordsOf(0)].find((w) => w.length > 3)!.slice(0, -1);
      expect(holding([prefix])).toEqual([]);
      expect(index.searchWords([prefix], 10)).toEqual({ ids: [], more: false });
    }
  });
  it("property: a record's street tokens find it and only records holding them, and no word search reaches a token", () => {
    for (const st of [datasets.state('uk'), datasets.state('australia')]) {
      const index = st.index!;
      fc.assert(
        fc.property(fc.integer({ min: 0, max: index.size - 1 }), (id) => {
          const tokens = recordStreetTokens(st.layout, index.fields(id));
          expect(tokens.length).toBeGreaterThan(0);
          for (const token of tokens) {
            expect(token).toMatch(/^~[a-z0-9 ]+\|[a-z0-9 ]+$/);
            const { ids } = index.searchWords([token], 100_000);
            expect(ids).toContain(id);
            for (const other of ids) expect(recordStreetTokens(st.layout, index.fields(other))).toContain(token);
          }
        }),
        { numRuns: 60 },
      );
      expect(index.search('~', 10).ids).toEqual([]);
    }
  });
  it('property: fieldSpan is the fields from..to of a record, apart by a separator that is no word', () => {
    const index = datasets.state('uk').index!;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: index.size - 1 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }), (id, a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const span = index.fieldSpan(id, from, to);
        expect(span.split('\x1f')).toEqual(from === to ? [''] : index.fields(id).slice(from, to));
        expect(words(span)).toEqual(index.fields(id).slice(from, to).flatMap((f) => words(f)));
      }),
      { numRuns: 300 },
    );
  });
  it('property: every suggestion matches the query, and no query crashes it', () => {
    const s = datasets.state('uk');
    const a = datasets.state('australia');
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('ws', 'flat 1', 'church r', 'sydney', '2000', 'Ünïcödé', '   ', '"', 'a b c d e f g h i j k l m n')), (q) => {
        for (const st of [s, a]) {
          const { ids } = st.index!.search(q, 10);
          expect(ids.length).toBeLessThanOrEqual(10);
          for (const id of ids) expect(matches(st.layout, st.index!.fields(id), q)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('loading files', () => {
  it('reads a full file by its header, with the aliases of Royal Mail CSV PAF, quotes and a BOM', async () => {
    const file = join(dir, 'paf.csv');
    writeFileSync(
      file,
      '\uFEFFPostcode,Post Town,Thoroughfare & Descriptor,Building Number,Organisation Name,UDPRN\n' +
        'WS11 5SB,CANNOCK,PYE GREEN ROAD,189,"Alcott, S D Florists",12345678\n' +
        'short\n',
    );
    const { index, skipped } = await loadCsv(file, 'PAF');
    expect(index.size).toBe(1);
    expect(skipped).toBe(1);
    expect(index.search('alcott pye', 5).ids).toEqual([0]);
  });
  it('refuses a file whose header lacks the fields of an address', async () => {
    const file = join(dir, 'bad.csv');
    writeFileSync(file, 'a,b,c\n1,2,3\n');
    await expect(loadCsv(file, 'GNAF')).rejects.toThrow(/lacks postcode, locality, state/);
  });
  it('property: no line crashes the CSV parser', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (line) => void parseCsvLine(line)));
  });
});
