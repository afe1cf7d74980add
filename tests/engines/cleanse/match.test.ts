import { beforeAll, describe, expect, it } from 'vitest';
import { seeded, ukPostTowns, ukSample } from '../../../server/engines/address/generate';
import { AddressIndex } from '../../../server/engines/address/index';
import { pafFields, words } from '../../../server/engines/address/records';
import { matchAddress } from '../../../server/engines/cleanse/match';
import { casePersonName, longestCasedName, standardise, type InputAddress } from '../../../server/engines/cleanse/standardise';
import { referenceAddress } from '../../../server/engines/cleanse/suppress';

// Table and property tests of the matcher over every record (or every postcode) of a 20,000-record
// sample: what it must never do (move a row to another town and postcode, invent a premise) and what
// it must find (businesses keyed with their name, a street mistyped at the right postcode and number).

let index: AddressIndex;
const field = (id: number, name: (typeof pafFields)[number]) => index.fields(id)[pafFields.indexOf(name)];
beforeAll(() => {
  index = new AddressIndex('PAF');
  for (const r of ukSample(20_000)) index.add(pafFields.map((f) => r[f]));
  index.finish();
});
const match = (a: InputAddress) => matchAddress(standardise(a, 'uk'), index, 'uk');
const key = (a: InputAddress) => [...a.lines, a.town, a.postcode].join('|').toUpperCase();
/** Every record id, and the first record of each postcode. */
const ids = () => Array.from({ length: index.size }, (_, i) => i);
const firstOfPostcodes = () => ids().filter((id) => id === 0 || field(id, 'postcode') !== field(id - 1, 'postcode'));

describe('never a wrong address', () => {
  it('a house number that is not at the postcode is a street-level answer, left where it was keyed, at every postcode', () => {
    let checked = 0;
    const moved: string[] = [];
    const said: string[] = [];
    for (const first of firstOfPostcodes()) {
      const postcode = field(first, 'postcode');
      const at = index.byPostcode(postcode, 500).ids;
      const taken = new Set(at.flatMap((id) => [field(id, 'sub_building'), field(id, 'building_name'), field(id, 'building_number')].join(' ').match(/\d+/g) ?? []));
      let n = 1;
      while (taken.has(String(n))) n++;
      const a = referenceAddress(index, first);
      const keyed: InputAddress = { ...a, organisation: '', lines: [`${n} ${field(first, 'thoroughfare')}`] };
      const m = match(keyed);
      if (m.recordId !== null || m.address.postcode !== postcode || m.address.town !== a.town) moved.push(`${keyed.lines[0]}, ${a.town}, ${postcode} -> ${key(m.address)}`);
      else if (m.code !== 'unmatched' || m.level !== 'street' || m.reason !== 'premiseNotFound') said.push(`${keyed.lines[0]}, ${postcode}: ${m.level} ${m.reason}`);
      checked++;
    }
    expect(moved).toEqual([]);
    expect(said).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });

  it('a street with no premise, or a house name the street does not have, never becomes one of its premises', () => {
    const invented: string[] = [];
    const said: string[] = [];
    for (const first of firstOfPostcodes()) {
      const a = referenceAddress(index, first);
      const street = field(first, 'thoroughfare');
      const houses = new Set(index.byPostcode(a.postcode, 500).ids.map((id) => field(id, 'building_name')));
      // A house name made of a word of the street's and a word of the sample's house names, when the postcode has no such house.
      const lookalike = `${street.split(' ')[0]} Cottage`;
      for (const lines of [[street], ['Nonesuch Cottage', street], ...(houses.has(lookalike) ? [] : [[lookalike, street]])]) {
        const m = match({ ...a, organisation: '', lines });
        if (m.recordId !== null) invented.push(`${lines.join(', ')}, ${a.postcode} -> ${key(m.address)}`);
        else if (m.level !== 'street' || m.reason !== (lines.length === 1 ? 'noPremise' : 'premiseNotFound') || key(m.address) !== key({ ...a, lines })) said.push(`${lines.join(', ')}, ${a.postcode}: ${m.level} ${m.reason}`);
      }
    }
    expect(invented).toEqual([]);
    expect(said).toEqual([]);
  });

  it('a house keyed without its name (a named premise) is never matched to it: no premise is invented', () => {
    const named = ids().filter((id) => field(id, 'building_name') && !/\d/.test(field(id, 'building_name')) && !field(id, 'building_number') && !field(id, 'sub_building'));
    expect(named.length).toBeGreaterThan(1000);
    for (const id of named) {
      const a = referenceAddress(index, id);
      const m = match({ ...a, organisation: '', lines: a.lines.slice(1) });
      expect(m.recordId, `${a.lines.join(', ')}, ${a.postcode}`).toBeNull();
    }
  });

  it('property: a matched row is always at the postcode or in the town it was keyed with', () => {
    const rnd = seeded(7);
    const towns = ukPostTowns();
    let matched = 0;
    for (let i = 0; i < 3000; i++) {
      const a = referenceAddress(index, Math.floor(rnd() * index.size));
      const b = referenceAddress(index, Math.floor(rnd() * index.size));
      // The lines of one address with the town and postcode of another, or either one left out or replaced.
      const r = rnd();
      const keyed: InputAddress = {
        ...a, organisation: '',
        town: r < 0.3 ? b.town : r < 0.5 ? '' : r < 0.7 ? towns[Math.floor(rnd() * towns.length)].postTown : a.town,
        postcode: r < 0.3 ? b.postcode : r < 0.5 ? b.postcode : r < 0.7 ? '' : b.postcode,
      };
      const m = match(keyed);
      if (m.recordId === null) continue;
      matched++;
      const keptPostcode = m.address.postcode === keyed.postcode;
      const keptTown = words(m.address.town).join(' ') === words(keyed.town).join(' ');
      expect(keptPostcode || keptTown, `${a.lines.join(', ')}, ${keyed.town}, ${keyed.postcode} -> ${key(m.address)}`).toBe(true);
      expect(m.address.lines.join(' ').match(/\d+/g) ?? []).toEqual(a.lines.join(' ').match(/\d+/g) ?? []);
    }
    expect(matched).toBeGreaterThan(100);
  });
});

describe('businesses and typos are found', () => {
  it('every business, with its name keyed as the first address line or in the Company column, matches its own record', () => {
    const businesses = ids().filter((id) => field(id, 'organisation'));
    expect(businesses.length).toBeGreaterThan(1000);
    const missed: string[] = [];
    for (const id of businesses) {
      const a = referenceAddress(index, id);
      for (const keyed of [{ ...a, organisation: '', lines: [a.organisation, ...a.lines] }, a, { ...a, organisation: '', lines: [a.organisation.toUpperCase(), ...a.lines], postcode: '' }]) {
        const m = match(keyed);
        const found = m.recordId === null ? null : key(referenceAddress(index, m.recordId));
        if (found !== key(a) || m.address.organisation.toUpperCase() !== a.organisation.toUpperCase()) missed.push(`${keyed.organisation || '-'}, ${keyed.lines.join(', ')}, ${keyed.postcode} -> ${found}`);
        else expect(m.level).toBe('premise');
      }
      // Exactly as in the reference: nothing to correct.
      expect(match({ ...a, organisation: '', lines: [a.organisation, ...a.lines] }).code).toBe('matched');
    }
    expect(missed).toEqual([]);
  });

  it("a customer's own organisation line at a house is kept as the organisation, the house matched", () => {
    const houses = ids().filter((id) => /^\d+$/.test(field(id, 'building_number')) && !field(id, 'organisation') && !field(id, 'building_name') && !field(id, 'sub_building'));
    for (const id of houses.filter((_, i) => i % 10 === 0)) {
      const a = referenceAddress(index, id);
      const m = match({ ...a, lines: ['Acme Widgets Limited', ...a.lines] });
      expect({ recordId: m.recordId, code: m.code, organisation: m.address.organisation, lines: m.address.lines }).toEqual({ recordId: id, code: 'matched', organisation: 'Acme Widgets Limited', lines: a.lines });
    }
  });

  it('property: one typo in a street word (a letter swapped with the next, replaced, left out or doubled), with the right postcode and house number, matches the record', () => {
    const rnd = seeded(11);
    const numbered = ids().filter((id) => /^\d+$/.test(field(id, 'building_number')) && !field(id, 'building_name') && !field(id, 'sub_building') && !field(id, 'organisation'));
    let n = 0;
    for (const id of numbered.filter((_, i) => i % 2 === 0)) {
      const a = referenceAddress(index, id);
      const street = field(id, 'thoroughfare');
      const word = street.split(' ').reduce((x, y) => (y.length > x.length ? y : x));
      if (word.length < 4) continue;
      const at = 1 + Math.floor(rnd() * (word.length - 2));
      const kind = Math.floor(rnd() * 4);
      const typo =
        kind === 0 ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
        : kind === 1 ? word.slice(0, at) + (word[at] === 'x' ? 'y' : 'x') + word.slice(at + 1)
        : kind === 2 ? word.slice(0, at) + word.slice(at + 1)
        : word.slice(0, at) + word[at] + word.slice(at);
      if (typo === word) continue;
      const keyed = { ...a, lines: [`${field(id, 'building_number')} ${street.replace(word, typo)}`], town: '' };
      const m = match(keyed);
      expect(m.recordId === null ? null : key(referenceAddress(index, m.recordId)), `${keyed.lines[0]}, ${a.postcode}`).toBe(key(a));
      expect(m.code).toBe('updated');
      n++;
    }
    expect(n).toBeGreaterThan(2500);
  });
});

describe('names', () => {
  const titles = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr'];
  const forenames = ['John', 'Mary', 'Jean-Paul', 'Ed', 'Liv', 'Aoife', 'Pieter'];
  const surnames = [['McDonald'], ["O'Brien"], ['MacLeod'], ['van der Berg'], ['Smith-Jones'], ['de la Cruz'], ['von Trapp'], ['Li'], ["D'Arcy"], ['McAllister-Fitzgerald'], ['Smith III']];
  const all = titles.flatMap((t) => forenames.flatMap((f) => surnames.map(([s]) => `${t} ${f} ${s}`)));

  it('a name keyed all in capitals or all in small letters is cased by the rules (Mc, Mac, O\', hyphens, particles)', () => {
    for (const name of all) {
      expect(casePersonName(name.toUpperCase())).toBe(name);
      expect(casePersonName(name.toLowerCase())).toBe(name);
      expect(standardise({ name: `  ${name.toUpperCase()} `, organisation: '', lines: [], town: '', county: '', postcode: '' }, 'uk').name).toBe(name);
    }
  });

  it('property: a name keyed in mixed case is left as written (spacing tidied)', () => {
    const rnd = seeded(4);
    for (const name of all) {
      expect(casePersonName(name)).toBe(name);
      expect(casePersonName(name.replace(/ /g, '  '))).toBe(name);
      // Random capitals: whatever the customer wrote, when it mixes cases, is theirs.
      const odd = [...name].map((c) => (rnd() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('');
      if (odd !== odd.toUpperCase() && odd !== odd.toLowerCase()) expect(casePersonName(odd)).toBe(odd);
    }
    expect(casePersonName('john McDonald')).toBe('john McDonald');
  });

  it('leaves a field longer than any name as written (a megabyte field in the name column is not cased)', () => {
    const long = 'x'.repeat(longestCasedName + 1);
    expect(casePersonName(long)).toBe(long);
    expect(casePersonName('x'.repeat(1_000_000))).toHaveLength(1_000_000);
    expect(casePersonName('JOHN MCDONALD')).toBe('John McDonald');
  });
});
