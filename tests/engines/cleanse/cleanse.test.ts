import { beforeAll, describe, expect, it } from 'vitest';
import { australiaSample, ukSample } from '../../../server/engines/address/generate';
import { AddressIndex } from '../../../server/engines/address/index';
import { gnafFields, pafFields } from '../../../server/engines/address/records';
import { Deduper, dedupeKey, hashKey } from '../../../server/engines/cleanse/dedupe';
import { applyTemplate, autoMap, columnSignature } from '../../../server/engines/cleanse/mapping';
import { matchAddress } from '../../../server/engines/cleanse/match';
import { parseDelimited, type ParseItem } from '../../../server/engines/cleanse/parse';
import { cleanse, emptyStats, fileResults, testResults, type CleanseSettings, type OutputRow } from '../../../server/engines/cleanse/run';
import { addressOf, standardise, standardPostcode, type InputAddress } from '../../../server/engines/cleanse/standardise';
import { applySuppression, referenceAddress, sampleSuppressionList, SuppressionList } from '../../../server/engines/cleanse/suppress';

let index: AddressIndex;
beforeAll(() => {
  index = new AddressIndex('PAF');
  for (const r of ukSample(5_000)) index.add(pafFields.map((f) => r[f]));
  index.finish();
});

const addr = (a: Partial<InputAddress>): InputAddress => ({ name: '', organisation: '', lines: [], town: '', county: '', postcode: '', ...a });

describe('mapping', () => {
  it('maps by header names and keeps the column order', () => {
    const header = ['Full Name', 'Company', 'Address 1', 'Address 2', 'Town', 'County', 'Post_Code', 'Customer Ref'];
    const rows = [['Mr J Smith', '', '12 Church Road', 'Upper Mill', 'CANNOCK', 'Staffordshire', 'WS11 1AA', '991']];
    const m = autoMap(header, rows);
    expect(m.map((f) => [f.name, f.mappingType, f.mappingOrder, f.inputOrder])).toEqual([
      ['Full Name', 'name', 1, 0], ['Company', 'organisation', 1, 1], ['Address 1', 'address', 1, 2], ['Address 2', 'address', 2, 3],
      ['Town', 'town', 1, 4], ['County', 'county', 1, 5], ['Post_Code', 'postcode', 1, 6], ['Customer Ref', 'ignore', 0, 7],
    ]);
    expect(m[0]).toMatchObject({ row1: 'Mr J Smith', row2: '' });
  });
  it('maps a headerless file by content: postcodes by shape, towns from the reference data, lines between', () => {
    const rows = [
      ['Mrs A Jones', '4 Mill Lane', 'Little Haywood', 'STAFFORD', 'ST17 0AB'],
      ['Mr B Brown', '10 High Street', '', 'CANNOCK', 'WS11 2CD'],
    ];
    expect(autoMap(null, rows).map((f) => f.mappingType)).toEqual(['name', 'address', 'address', 'town', 'postcode']);
    expect(autoMap(null, [['1 George St', 'SYDNEY', 'NSW', '2000']], 'australia').map((f) => f.mappingType)).toEqual(['address', 'town', 'county', 'postcode']);
  });
  it('maps the filled one of two columns of one kind: an empty Locality never takes Town from the real town column', () => {
    const header = ['Name', 'Address 1', 'Address 2', 'Locality', 'Town', 'County', 'Postcode', 'Postal code'];
    const rows = Array.from({ length: 20 }, (_, i) => [`Person ${i}`, `${i + 1} Church Road`, '', '', i % 2 ? 'CANNOCK' : 'STAFFORD', 'Staffordshire', '', `WS11 ${i % 10}AA`]);
    const m = autoMap(header, rows);
    expect(m.map((f) => [f.name, f.mappingType, f.mappingOrder])).toEqual([
      ['Name', 'name', 1], ['Address 1', 'address', 1], ['Address 2', 'address', 2], ['Locality', 'ignore', 0],
      ['Town', 'town', 1], ['County', 'county', 1], ['Postcode', 'ignore', 0], ['Postal code', 'postcode', 1],
    ]);
    // Both filled: the one with more values wins, the first on a tie.
    const some = rows.map((r, i) => [...r.slice(0, 3), i < 5 ? 'Upper Mill' : '', ...r.slice(4)]);
    expect(autoMap(header, some).filter((f) => f.mappingType === 'town').map((f) => f.name)).toEqual(['Town']);
    const both = rows.map((r) => [...r.slice(0, 3), 'Upper Mill', ...r.slice(4)]);
    expect(autoMap(header, both).filter((f) => f.mappingType === 'town').map((f) => f.name)).toEqual(['Locality']);
  });
  it('signs columns so a saved mapping is offered again for the same columns', () => {
    expect(columnSignature(['Post Code', 'Town'], 2, ',')).toBe(columnSignature(['post_code', 'TOWN'], 2, ';'));
    expect(columnSignature(['Postcode', 'Town'], 2, ',')).not.toBe(columnSignature(['Town', 'Postcode'], 2, ','));
    expect(columnSignature(null, 3, ',')).not.toBe(columnSignature(null, 4, ','));
    const saved = autoMap(['a', 'b'], [['x', 'y']]).map((f, i) => ({ ...f, mappingType: i === 0 ? ('postcode' as const) : f.mappingType }));
    expect(applyTemplate(saved, ['a', 'b'], [['p', 'q']])[0]).toMatchObject({ mappingType: 'postcode', row1: 'p' });
  });
});

describe('standardise and match', () => {
  it('puts postcodes, case and towns in standard form', () => {
    expect(standardPostcode('ws111aa', 'uk')).toBe('WS11 1AA');
    expect(standardPostcode('WS11 IAA', 'uk')).toBe('WS11 IAA');
    expect(standardPostcode('WS11 OAA', 'uk')).toBe('WS11 0AA');
    expect(standardPostcode('200', 'australia')).toBe('0200');
    const s = standardise(addr({ name: 'MR JOHN SMITH', lines: ['12a  church road', 'Cannock', 'ws11 1aa'] }), 'uk');
    expect(s).toMatchObject({ name: 'Mr John Smith', lines: ['12A Church Road'], town: 'CANNOCK', postcode: 'WS11 1AA' });
  });
  it('matches a reference address as given, corrects a wrong postcode or town, and leaves an unknown one unmatched', () => {
    const ref = referenceAddress(index, 123);
    const exact = matchAddress(standardise(ref, 'uk'), index, 'uk');
    expect(exact).toMatchObject({ code: 'matched', changed: [], recordId: 123 });
    const wrong = matchAddress(standardise({ ...ref, postcode: '', town: ref.town.toLowerCase() }, 'uk'), index, 'uk');
    expect(wrong.code).toBe('updated');
    expect(wrong.changed).toContain('postcode');
    expect(wrong.address.postcode).toBe(ref.postcode);
    const lower = matchAddress(standardise({ ...ref, lines: ref.lines.map((l) => l.toUpperCase().replace(/ Road$/i, ' Rd')) }, 'uk'), index, 'uk');
    expect(['matched', 'updated']).toContain(lower.code);
    expect(lower.recordId).toBe(123);
    expect(matchAddress(addr({ lines: ['999 Nowhere Boulevard'], postcode: 'ZZ1 1ZZ' }), index, 'uk').code).toBe('unmatched');
  });
  it('matches Australian addresses against G-NAF fields', () => {
    const au = new AddressIndex('GNAF');
    for (const r of australiaSample(2_000)) au.add(gnafFields.map((f) => r[f]));
    au.finish();
    const ref = referenceAddress(au, 500);
    expect(matchAddress(standardise(ref, 'australia'), au, 'australia')).toMatchObject({ code: 'matched', recordId: 500 });
    const m = matchAddress(standardise({ ...ref, postcode: '' }, 'australia'), au, 'australia');
    expect(m).toMatchObject({ code: 'updated', recordId: 500 });
    expect(m.changed).toContain('postcode');
  });
  it('finds an address keyed without its postcode by its street in its town, the premise kept, in both territories', () => {
    const au = new AddressIndex('GNAF');
    for (const r of australiaSample(2_000)) au.add(gnafFields.map((f) => r[f]));
    au.finish();
    for (const [ix, territory] of [[index, 'uk'], [au, 'australia']] as const) {
      let found = 0;
      for (let id = 7; id < ix.size; id += Math.floor(ix.size / 150)) {
        const ref = referenceAddress(ix, id);
        const m = matchAddress(standardise({ ...ref, postcode: '', lines: ref.lines.map((l) => l.toLowerCase()) }, territory), ix, territory);
        // A record with the same lines elsewhere in the town (another postcode) would make it ambiguous: none chosen.
        if (m.recordId === null) {
          expect(m.reason, `${ref.lines.join(', ')}, ${ref.town}`).toBe('ambiguous');
          continue;
        }
        expect(referenceAddress(ix, m.recordId)).toMatchObject({ lines: ref.lines, postcode: ref.postcode });
        expect(m.changed).toContain('postcode');
        found++;
      }
      expect(found, territory).toBeGreaterThan(140);
    }
  });
  it('never moves a premise to another number', () => {
    const ref = referenceAddress(index, 200);
    const moved = { ...ref, lines: ref.lines.map((l) => l.replace(/^\d+/, '9999')) };
    const m = matchAddress(standardise(moved, 'uk'), index, 'uk');
    if (m.recordId !== null) expect(m.address.lines.join(' ')).toContain('9999');
  });
});

describe('dedupe and suppression', () => {
  it('keys at three levels and flags parent, child and unique in file order', () => {
    const a = addr({ name: 'Mr John Smith', lines: ['1 High St'], postcode: 'WS11 1AA' });
    const b = { ...a, name: 'Mrs Jane Smith' };
    const c = { ...a, name: 'Mr Paul Jones' };
    expect(dedupeKey(a, 'address')).toBe(dedupeKey(c, 'address'));
    expect(dedupeKey(a, 'household')).toBe(dedupeKey(b, 'household'));
    expect(dedupeKey(a, 'individual')).not.toBe(dedupeKey(b, 'individual'));
    expect(dedupeKey(addr({ name: 'x' }), 'address')).toBeNull();
    const d = new Deduper();
    const keys = [a, b, c, addr({ lines: ['2 Low St'] })].map((x) => dedupeKey(x, 'household'));
    keys.forEach((k) => d.count(k));
    expect(keys.map((k) => d.flag(k))).toEqual([
      { flag: 'parent', group: 1 }, { flag: 'child', group: 1 }, { flag: 'unique', group: 2 }, { flag: 'unique', group: 3 },
    ]);
    expect(hashKey('abc')).toBe(hashKey('abc'));
    expect(Number.isSafeInteger(hashKey('x'.repeat(1000)))).toBe(true);
  });
  it('generates the same sample lists for the same seed and finds their people', () => {
    const list = sampleSuppressionList(index, 20);
    expect(sampleSuppressionList(index, 20)).toEqual(list);
    expect(new Set(list.map((e) => e.type))).toEqual(new Set(['deceased', 'goneAway', 'mailingPreference']));
    const s = new SuppressionList(list);
    const e = list[0];
    expect(s.lookup({ ...e.address, name: `Mr ${e.address.name}` })).toContain(e.type);
    expect(s.lookup({ ...e.address, name: 'Nobody Here' })).toEqual([]);
    expect(applySuppression(['deceased', 'goneAway'], { deceased: 'suppress', goneAway: 'flag' })).toEqual({ suppressed: ['deceased'], flagged: ['goneAway'] });
    expect(applySuppression(['mailingPreference'], { mailingPreference: 'off' })).toEqual({ suppressed: [], flagged: [] });
  });
});

describe('cleanse', () => {
  /** A file of reference addresses: some as given, some with their postcode lost, duplicates, listed people, bad rows. */
  function file(): string {
    const list = sampleSuppressionList(index, 3);
    const out = ['Name,Address 1,Address 2,Address 3,Town,Postcode'];
    const row = (a: InputAddress) => [a.name, ...[0, 1, 2].map((i) => a.lines[i] ?? ''), a.town, a.postcode].map((v) => `"${v}"`).join(',');
    for (let i = 0; i < 40; i++) {
      const a = referenceAddress(index, i * 97, `Person${i} Surname${i % 5}`);
      out.push(row(i % 4 === 3 ? { ...a, postcode: '' } : a));
      if (i % 10 === 0) out.push(row({ ...a, name: `Other Surname${i % 5}` }));
    }
    out.push('"broken","row"');
    out.push(row(addr({ name: 'A B', lines: ['1 Imaginary Way'], town: 'NOWHERE', postcode: 'ZZ9 9ZZ' })));
    for (const e of list) out.push(row(e.address));
    return out.join('\r\n') + '\r\n';
  }
  async function run(text: string) {
    const items: ParseItem[] = [];
    for await (const i of parseDelimited([Buffer.from(text)])) items.push(i);
    const header = ['Name', 'Address 1', 'Address 2', 'Address 3', 'Town', 'Postcode'];
    const settings: CleanseSettings = {
      territory: 'uk', index, mapping: autoMap(header, []), usePAF: true, dedupeLevel: 'address', separateDuplicates: true,
      suppression: { list: new SuppressionList(sampleSuppressionList(index, 3)), settings: { deceased: 'suppress', goneAway: 'flag', mailingPreference: 'suppress' } },
    };
    const stats = emptyStats();
    const rows: OutputRow[] = [];
    for await (const r of cleanse(() => items, settings, stats)) rows.push(r);
    return { rows, stats };
  }
  it('codes, dedupes, suppresses and counts every row, errors included, with stats in the spec shapes', async () => {
    const { rows, stats } = await run(file());
    expect(stats.inputRecords).toBe(rows.length);
    expect(stats.inputRecords).toBe(40 + 4 + 1 + 1 + 9);
    expect(stats.errors).toBe(1);
    expect(rows.find((r) => r.error)).toMatchObject({ outputGroup: 'errors', error: { code: 'columnCount' } });
    expect(stats.matching.unmatched).toBeGreaterThanOrEqual(1);
    expect(stats.matching.updated).toBeGreaterThanOrEqual(10);
    expect(stats.addressUpdates.postcode).toBeGreaterThanOrEqual(10);
    expect(stats.matching.matched).toBeGreaterThanOrEqual(30);
    expect(stats.deduplication.child).toBeGreaterThanOrEqual(4);
    expect(stats.deduplication.parent).toBe(stats.deduplication.child >= 4 ? stats.deduplication.parent : -1);
    expect(stats.suppression.removed.deceased + stats.suppression.removed.mailingPreference).toBeGreaterThanOrEqual(6);
    expect(stats.suppression.flagged.goneAway).toBeGreaterThanOrEqual(3);
    const sum = Object.values(stats.outputGroups).reduce((a, b) => a + b, 0);
    expect(sum).toBe(stats.inputRecords);
    expect(stats.outputRecords).toBe(stats.outputGroups.cleansed);
    expect(testResults(stats)).toMatchObject({ recordCount: stats.inputRecords, codingStats: stats.matching });
    expect(fileResults(stats)).toMatchObject({ inputRecordCount: stats.inputRecords, dedupeStats: stats.deduplication, errorCount: 1 });
    const child = rows.find((r) => r.dedupe === 'child');
    expect(child?.outputGroup === 'duplicates' || child?.outputGroup === 'suppressed').toBe(true);
    expect(rows.find((r) => r.dedupe === 'parent' && r.group === child?.group)).toBeDefined();
  });
  it('gives the same output for the same input', async () => {
    const a = await run(file());
    const b = await run(file());
    expect(b).toEqual(a);
  });
  it('takes the address from the mapping', () => {
    const m = autoMap(['Postcode', 'Line 1', 'Line 2'], []);
    expect(addressOf(['ws11 1aa', 'a', ' '], m)).toMatchObject({ lines: ['a'], postcode: 'ws11 1aa' });
  });
});
