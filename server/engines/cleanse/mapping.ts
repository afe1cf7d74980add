import { createHash } from 'node:crypto';
import { ukPostTowns } from '../address/generate';

// Auto-mapping of a file's columns to address fields, the inputFields of the spec's Bureau file
// upload: by header name first (a header says what the customer meant), then by content for the
// columns a header did not settle (postcodes by shape, towns by the reference data's post towns).
// Columns mapped to one type in a row are ordered by mappingOrder (address line 1, 2, ...).

export const mappingTypes = ['name', 'organisation', 'address', 'town', 'county', 'postcode', 'ignore'] as const;
export type MappingType = (typeof mappingTypes)[number];

export type InputField = { name: string; row1: string; row2: string; mappingType: MappingType; mappingOrder: number; inputOrder: number };

const byHeader: [RegExp, MappingType][] = [
  [/^(post ?code|postal ?code|zip|pcode|pc)$/, 'postcode'],
  [/^(post ?town|town|city|suburb|locality)$/, 'town'],
  [/^(county|state|region)$/, 'county'],
  [/^(org(ani[sz]ation)?( ?name)?|company( ?name)?|business( ?name)?)$/, 'organisation'],
  [/^(address|addr|add|line|street|thoroughfare|premise|building|house)( ?(line)? ?\d*)?$/, 'address'],
  [/^((full ?)?name|title|first ?name|forename|initials?|surname|last ?name|contact( ?name)?)$/, 'name'],
];

const norm = (s: string) => s.toLowerCase().replace(/[_\-.]+/g, ' ').replace(/\s+/g, ' ').trim();

export const ukPostcode = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;
export const auPostcode = /^\d{4}$/;

let towns: Set<string> | null = null;
/** Post towns and counties of the reference data, upper case; read once. */
function knownTowns(): Set<string> {
  towns ??= new Set(ukPostTowns().flatMap((t) => [t.postTown.toUpperCase()]));
  return towns;
}

/** Share of the non-blank values matching a test (0 for an all-blank column). */
function share(values: readonly string[], test: (v: string) => boolean): number {
  const filled = values.map((v) => v.trim()).filter(Boolean);
  return filled.length ? filled.filter(test).length / filled.length : 0;
}

/** The type a column's values suggest, or null when they suggest none clearly. */
export function typeByContent(values: readonly string[], territory: 'uk' | 'australia' = 'uk'): MappingType | null {
  const code = territory === 'uk' ? ukPostcode : auPostcode;
  if (share(values, (v) => code.test(v)) >= 0.8) return 'postcode';
  if (territory === 'australia' && share(values, (v) => /^(NSW|VIC|QLD|SA|WA|TAS|NT|ACT)$/i.test(v)) >= 0.8) return 'county';
  if (share(values, (v) => knownTowns().has(v.toUpperCase())) >= 0.6) return 'town';
  if (share(values, (v) => /^\d+[A-Z]?\b.*[A-Za-z]{2,}/i.test(v)) >= 0.5) return 'address';
  if (share(values, (v) => /\b(ltd|limited|plc|llp|inc|pty|co)\b\.?$/i.test(v)) >= 0.5) return 'organisation';
  if (share(values, (v) => /^(mr|mrs|ms|miss|dr|prof)\.?\s+\S+/i.test(v)) >= 0.5) return 'name';
  return null;
}

/**
 * inputFields for a file: `header` (null when the file has none) and sample rows. Columns without a
 * header answer are typed by content; of what is left, columns between the first address line and
 * the town are more address lines (the usual order of an address), and the rest are ignored.
 */
export function autoMap(header: readonly string[] | null, rows: readonly string[][], territory: 'uk' | 'australia' = 'uk'): InputField[] {
  const width = Math.max(header?.length ?? 0, ...rows.map((r) => r.length));
  const types: (MappingType | null)[] = [];
  for (let c = 0; c < width; c++) {
    const h = header ? norm(header[c] ?? '') : '';
    const named = byHeader.find(([re]) => re.test(h))?.[1] ?? null;
    types.push(named ?? typeByContent(rows.map((r) => r[c] ?? ''), territory));
  }
  const firstAddress = types.indexOf('address');
  let town = types.indexOf('town');
  // No town recognised (a town list is not at hand for every territory): the words-only column just
  // before the county or postcode is the town, where addresses put it.
  const tail = types.findIndex((t) => t === 'county' || t === 'postcode');
  if (town < 0 && tail > 0 && types[tail - 1] === null && share(rows.map((r) => r[tail - 1] ?? ''), (v) => /^[A-Za-z][A-Za-z '-]*$/.test(v)) >= 0.8) {
    types[tail - 1] = 'town';
    town = tail - 1;
  }
  for (let c = 0; c < width; c++) {
    if (types[c] !== null) continue;
    types[c] = firstAddress >= 0 && c > firstAddress && (town < 0 || c < town) ? 'address' : 'ignore';
  }
  // One town, county and postcode: of two columns of the kind (Locality and Town both read as a
  // town), the one with the most values in the sample is kept, the first of them on a tie; the
  // others are ignored. An empty column never wins over a filled one.
  const single: MappingType[] = ['town', 'county', 'postcode'];
  const filled = (c: number) => rows.filter((r) => (r[c] ?? '').trim() !== '').length;
  for (const t of single) {
    const cols = types.flatMap((x, c) => (x === t ? [c] : []));
    const kept = cols.reduce((best, c) => (filled(c) > filled(best) ? c : best), cols[0]);
    for (const c of cols) if (c !== kept) types[c] = 'ignore';
  }
  const counts = new Map<MappingType, number>();
  return types.map((t, c) => {
    const mappingType = t ?? 'ignore';
    const order = (counts.get(mappingType) ?? 0) + 1;
    counts.set(mappingType, order);
    return {
      name: header?.[c] ?? `Column ${c + 1}`,
      row1: rows[0]?.[c] ?? '',
      row2: rows[1]?.[c] ?? '',
      mappingType,
      mappingOrder: mappingType === 'ignore' ? 0 : order,
      inputOrder: c,
    };
  });
}

/**
 * The columns' signature: the same for any file with the same header (case, spacing and
 * punctuation aside) or, headerless, the same column count and delimiter; the key under which a
 * saved mapping (templateFileId) is offered again.
 */
export function columnSignature(header: readonly string[] | null, columns: number, delimiter: string): string {
  const basis = header ? `h:${header.map(norm).join('\u001f')}` : `n:${columns}:${delimiter}`;
  return createHash('sha256').update(basis).digest('hex').slice(0, 32);
}

/** A saved mapping applied to a new file with the same signature: its types and orders, this file's sample rows. */
export function applyTemplate(template: readonly InputField[], header: readonly string[] | null, rows: readonly string[][]): InputField[] {
  return template.map((f) => ({
    ...f,
    name: header?.[f.inputOrder] ?? f.name,
    row1: rows[0]?.[f.inputOrder] ?? '',
    row2: rows[1]?.[f.inputOrder] ?? '',
  }));
}
