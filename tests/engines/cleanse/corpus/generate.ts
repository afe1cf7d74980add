import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seeded, ukPostTowns, ukSample } from '../../../../server/engines/address/generate';
import { AddressIndex } from '../../../../server/engines/address/index';
import { csvField, pafFields, parseCsvLine } from '../../../../server/engines/address/records';
import { referenceAddress } from '../../../../server/engines/cleanse/suppress';

// The matching regression corpus: a customer file built from the demo reference data (the server's
// generated UK sample: 200,000 records, seed 13) with the right answer for every row kept in a second
// file the engine never reads. Each row is one kind of keying:
//   exact          the reference address as Royal Mail prints it
//   messyCase      capitals, small letters, doubled spaces, Rd/St/Ave, the postcode without its space
//   noPostcode     the postcode left out (found by street and premise in the town)
//   typo           one street word mistyped, postcode and premise right
//   orgLine        a business with its name keyed as the first address line
//   orgColumn      a business with its name in the Company column
//   wrongTown      another post town keyed, postcode, street and premise right
//   noSuchPremise  a house number that is not at the postcode: a street-level answer, never a match
//   streetOnly     the street, town and postcode with no premise: a street-level answer
//   noSuchHouse    a house name the street does not have (some sharing a word with it): a street-level answer
// Names are keyed in one case (to be cased) or mixed (to be left as written); the answer says which.
// Run `npx tsx tests/engines/cleanse/corpus/generate.ts` to write the files again (same seed, same bytes).

export const corpusSeed = 30;
export const referenceSize = 200_000;
const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
export const corpusFiles = { input: here('./uk-customers.csv'), answers: here('./uk-answers.csv') };

export type Kind = 'exact' | 'messyCase' | 'noPostcode' | 'typo' | 'orgLine' | 'orgColumn' | 'wrongTown' | 'noSuchPremise' | 'streetOnly' | 'noSuchHouse';
/** Rows of each kind, 1,600 in all. */
export const kinds: Record<Kind, number> = {
  exact: 250, messyCase: 200, noPostcode: 200, typo: 150, orgLine: 150, orgColumn: 100, wrongTown: 150, noSuchPremise: 200, streetOnly: 100, noSuchHouse: 100,
};
/** The right answer: a premise (the record whose address the row must come out as) or its street only. */
export type Answer = { line: number; kind: Kind; expect: 'premise' | 'street'; udprn: string; name: string };

/** The demo reference data's index, as the server builds it from its generated sample. */
export function demoIndex(): AddressIndex {
  const index = new AddressIndex('PAF');
  for (const r of ukSample(referenceSize)) index.add(pafFields.map((f) => r[f]));
  index.finish();
  return index;
}

const header = ['Name', 'Company', 'Address 1', 'Address 2', 'Address 3', 'Town', 'Postcode'];
// Names whose casing the rules can tell from capitals alone (not DeVito or MacIntyre: "DEVITO" gives
// Devito, and Macintyre is a spelling of its own).
const forenames = ['John', 'Mary', 'Sean', 'Aoife', 'Pieter', 'Ingrid', 'Jean-Paul', 'Fatima', 'Hamish', 'Siobhan', 'Ludwig', 'Chloe', 'Ed', 'Liv'];
const surnames = ['McDonald', "O'Brien", 'MacLeod', 'van der Berg', 'Smith-Jones', 'de la Cruz', 'Fitzgerald', 'von Trapp', 'McAllister', 'Davies', 'Li', "D'Arcy"];
const titles = ['Mr', 'Mrs', 'Ms', 'Dr', 'Miss'];
const abbreviate: [RegExp, string][] = [[/\bRoad\b/, 'Rd'], [/\bStreet\b/, 'St'], [/\bAvenue\b/, 'Ave'], [/\bClose\b/, 'Cl'], [/\bDrive\b/, 'Dr'], [/\bGardens\b/, 'Gdns']];

/** The corpus rows (input fields) and their answers, the same for the same seed. */
export function buildCorpus(index: AddressIndex, seed = corpusSeed): { rows: string[][]; answers: Answer[] } {
  const rnd = seeded(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  const towns = [...new Set(ukPostTowns().map((t) => t.postTown.toUpperCase()))];
  const rows: string[][] = [];
  const answers: Answer[] = [];
  const field = (id: number, name: (typeof pafFields)[number]) => index.fields(id)[pafFields.indexOf(name)];
  const numbersAt = (postcode: string) => {
    const out = new Set<string>();
    for (const id of index.byPostcode(postcode, 500).ids) for (const f of [field(id, 'sub_building'), field(id, 'building_name'), field(id, 'building_number')]) for (const n of f.match(/\d+/g) ?? []) out.add(n);
    return out;
  };
  const used = new Set<number>();
  /** A record not used yet that `ok` accepts. */
  const record = (ok: (id: number) => boolean) => {
    for (;;) {
      const id = int(index.size);
      if (!used.has(id) && ok(id)) {
        used.add(id);
        return id;
      }
    }
  };
  const person = () => {
    const written = `${pick(titles)} ${pick(forenames)} ${pick(surnames)}`;
    const r = rnd();
    // One case (to be cased by the rules), or mixed as written (left alone).
    return r < 0.35 ? { keyed: written.toUpperCase(), expected: written } : r < 0.5 ? { keyed: written.toLowerCase(), expected: written } : { keyed: written, expected: written };
  };
  const lines3 = (lines: string[]) => [0, 1, 2].map((i) => lines[i] ?? '');
  const isBusiness = (id: number) => field(id, 'organisation') !== '';
  const plainNumber = (id: number) => /^\d+$/.test(field(id, 'building_number')) && !field(id, 'building_name') && !field(id, 'sub_building') && !isBusiness(id);

  for (const kind of Object.keys(kinds) as Kind[]) {
    for (let k = 0; k < kinds[kind]; k++) {
      const p = person();
      let id: number;
      let company = '';
      let lines: string[];
      let town: string;
      let postcode: string;
      let expect: Answer['expect'] = 'premise';
      if (kind === 'orgLine' || kind === 'orgColumn') {
        id = record(isBusiness);
        const a = referenceAddress(index, id);
        ({ town, postcode } = a);
        if (kind === 'orgLine') lines = [a.organisation, ...a.lines];
        else {
          company = a.organisation;
          lines = a.lines;
        }
      } else if (kind === 'noSuchPremise' || kind === 'streetOnly' || kind === 'typo' || kind === 'noSuchHouse') {
        id = record(plainNumber);
        const a = referenceAddress(index, id);
        ({ town, postcode } = a);
        const street = field(id, 'thoroughfare');
        if (kind === 'typo') {
          // One letter of the street's longest word swapped with the next or replaced.
          const words = street.split(' ');
          const w = words.reduce((x, y) => (y.length > x.length ? y : x));
          const at = 1 + int(w.length - 2);
          const typo = rnd() < 0.5 ? w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2) : w.slice(0, at) + (w[at] === 'e' ? 'a' : 'e') + w.slice(at + 1);
          lines = a.lines.map((l) => l.replace(w, typo === w ? `${w}x` : typo));
        } else if (kind === 'streetOnly') {
          expect = 'street';
          lines = [street];
        } else if (kind === 'noSuchHouse') {
          expect = 'street';
          // A name no sample house has, half of them made of a word of the street and a word of the sample's house names.
          const first = rnd() < 0.5 ? street.split(' ')[0] : pick(['Badgers', 'Nonesuch', 'Wits', 'Journeys']);
          lines = [`${first} ${pick(['Cottage', 'House', 'Lodge', 'View', 'Barn'])}`, street];
          const houses = new Set(index.byPostcode(postcode, 500).ids.map((r) => field(r, 'building_name')));
          if (houses.has(lines[0])) lines[0] = `${lines[0]} End`;
        } else {
          expect = 'street';
          const taken = numbersAt(postcode);
          let n = 1 + int(300);
          while (taken.has(String(n))) n++;
          lines = [`${n} ${street}`];
        }
      } else {
        id = record((r) => !isBusiness(r));
        const a = referenceAddress(index, id);
        ({ lines, town, postcode } = a);
        if (kind === 'messyCase') {
          lines = lines.map((l) => {
            let t = l;
            for (const [re, short] of abbreviate) t = t.replace(re, short);
            return rnd() < 0.5 ? t.toUpperCase() : `${t.toLowerCase()}  `;
          });
          town = rnd() < 0.5 ? town.toLowerCase() : ` ${town}`;
          postcode = postcode.replace(' ', '').toLowerCase();
        } else if (kind === 'noPostcode') postcode = '';
        else if (kind === 'wrongTown') {
          let other = pick(towns);
          while (other === town) other = pick(towns);
          town = other;
        }
      }
      rows.push([p.keyed, company, ...lines3(lines), town, postcode]);
      answers.push({ line: rows.length + 1, kind, expect, udprn: field(id, 'udprn'), name: p.expected });
    }
  }
  return { rows, answers };
}

const csv = (rows: string[][]) => rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
export const answerHeader = ['Line', 'Kind', 'Expect', 'UDPRN', 'Name'];
/** The two files' text: the customer file and its answers. */
export function corpusText(index: AddressIndex): { input: string; answers: string } {
  const { rows, answers } = buildCorpus(index);
  return { input: csv([header, ...rows]), answers: csv([answerHeader, ...answers.map((a) => [String(a.line), a.kind, a.expect, a.udprn, a.name])]) };
}

/** The committed answers file. */
export function readAnswers(): Answer[] {
  return readFileSync(corpusFiles.answers, 'utf8').split('\r\n').filter(Boolean).slice(1).map((l) => {
    const [line, kind, expect, udprn, name] = parseCsvLine(l);
    return { line: Number(line), kind: kind as Kind, expect: expect as Answer['expect'], udprn, name };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = corpusText(demoIndex());
  writeFileSync(corpusFiles.input, text.input);
  writeFileSync(corpusFiles.answers, text.answers);
  console.log(`Wrote ${corpusFiles.input} and ${corpusFiles.answers}`);
}
