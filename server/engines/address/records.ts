// The two file layouts the address engine reads: Royal Mail PAF fields (uk) and Geoscape G-NAF fields
// (australia), each as a CSV with a header. Header names are matched without regard to case, spaces
// or underscores, and the names of Royal Mail's CSV PAF and of G-NAF's flat exports are accepted as
// aliases, so a full file loads with no conversion.

export const pafFields = [
  'udprn', 'organisation', 'department', 'sub_building', 'building_name', 'building_number',
  'dependent_thoroughfare', 'thoroughfare', 'dependent_locality', 'post_town', 'postcode', 'uprn',
] as const;
export type PafField = (typeof pafFields)[number];
export type PafRecord = Record<PafField, string>;

export const gnafFields = [
  'flat_type', 'flat_number', 'level', 'number_first', 'number_last', 'street_name', 'street_type',
  'street_suffix', 'locality', 'state', 'postcode',
] as const;
export type GnafField = (typeof gnafFields)[number];
export type GnafRecord = Record<GnafField, string>;

export type Layout = 'PAF' | 'GNAF';
export const layoutFields = { PAF: pafFields, GNAF: gnafFields } as const;

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const aliases: Record<Layout, Record<string, string>> = {
  PAF: {
    organisationname: 'organisation', departmentname: 'department', subbuildingname: 'sub_building',
    dependantthoroughfare: 'dependent_thoroughfare', dependentthoroughfareanddescriptor: 'dependent_thoroughfare',
    thoroughfareanddescriptor: 'thoroughfare', thoroughfaredescriptor: 'thoroughfare',
    dependentthoroughfaredescriptor: 'dependent_thoroughfare', dependantthoroughfaredescriptor: 'dependent_thoroughfare',
    dependantthoroughfareanddescriptor: 'dependent_thoroughfare', dependantlocality: 'dependent_locality', posttown: 'post_town',
  },
  GNAF: {
    flattypecode: 'flat_type', levelnumber: 'level', streettypecode: 'street_type', streetsuffixcode: 'street_suffix',
    localityname: 'locality', stateabbreviation: 'state',
  },
};

/**
 * Column of each field of the layout in a file with this header; -1 for a field the file lacks.
 * Throws when the header has none of the fields that make an address (postcode and a town).
 */
export function columnsOf(layout: Layout, header: string[]): number[] {
  const byKey = new Map<string, number>();
  header.forEach((name, i) => {
    const k = key(name);
    const field = aliases[layout][k] ?? layoutFields[layout].find((f) => key(f) === k);
    if (field && !byKey.has(field)) byKey.set(field, i);
  });
  const needed = layout === 'PAF' ? ['postcode', 'post_town'] : ['postcode', 'locality', 'state'];
  const missing = needed.filter((f) => !byKey.has(f));
  if (missing.length) throw new Error(`The ${layout} file's header lacks ${missing.join(', ')}`);
  return layoutFields[layout].map((f) => byKey.get(f) ?? -1);
}

/**
 * One CSV line as fields (RFC 4180 quoting: "a ""b""", commas inside quotes). A field never spans
 * lines in PAF or G-NAF, so the reader works line by line.
 */
export function parseCsvLine(line: string, separator = ','): string[] {
  const out: string[] = [];
  let i = 0;
  const n = line.length;
  for (;;) {
    if (line.charCodeAt(i) === 34 /* " */) {
      let value = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) {
          value += line.slice(i);
          i = n;
          break;
        }
        value += line.slice(i, q);
        if (line.charCodeAt(q + 1) === 34) {
          value += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      const next = line.indexOf(separator, i);
      out.push(value);
      if (next < 0) return out;
      i = next + 1;
    } else {
      const next = line.indexOf(separator, i);
      if (next < 0) {
        out.push(line.slice(i));
        return out;
      }
      out.push(line.slice(i, next));
      i = next + 1;
    }
  }
}

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Lower-case words of a text (letters and digits), the unit the index and the queries share. */
export function words(text: string): string[] {
  // Most text is ASCII once in lower case, where NFKD and the accent strip change nothing: one scan
  // cuts the words. Anything else takes the full path.
  const lower = text.toLowerCase();
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (c > 127) return lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9]+/).filter(Boolean);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out.push(lower.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) out.push(lower.slice(start));
  return out;
}

export /** Whether `text` without its whitespace, in capitals, is `compact` (no copy made). */
function sameCompact(text: string, compact: string): boolean {
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) continue;
    if (c >= 97 && c <= 122) c -= 32;
    else if (c > 127) return text.toUpperCase().replace(/\s+/g, '') === compact;
    if (c !== compact.charCodeAt(k++)) return false;
  }
  return k === compact.length;
}

/** A UK postcode without its space, upper case; null when the text is not shaped like a full postcode. */
export function compactUkPostcode(text: string): string | null {
  const c = text.toUpperCase().replace(/\s+/g, '');
  return /^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/.test(c) ? c : null;
}

/** The words of a record the index answers to: every text field's words (not udprn or uprn), and a UK postcode without its space. */
export function recordWords(layout: Layout, fields: readonly string[]): string[] {
  const names = layoutFields[layout];
  const out = new Set<string>();
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (name === 'udprn' || name === 'uprn') continue;
    const value = fields[i];
    if (!value) continue;
    for (const w of words(value)) out.add(w);
    if (name === 'postcode' && layout === 'PAF') {
      const compact = compactUkPostcode(value);
      if (compact) out.add(compact.toLowerCase());
    }
  }
  return [...out];
}
