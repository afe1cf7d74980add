import { Address } from 'uk-clear-addressing';
import type { LabelConfig } from '../../../contract/shared/labelConfig';
import type { GnafRecord, PafRecord } from './records';

// A label of exactly outputFields lines from an address's parts, by the label configuration of spec
// section 3. The parts come from the record: UK premise and thoroughfare lines by Royal Mail's PAF
// rules (uk-clear-addressing), Australian ones from the G-NAF fields.

export type LabelParts = {
  /** Organisation, then department (UK only). */
  organisation: string[];
  /** Premise, thoroughfare and locality lines, most specific first. */
  lines: string[];
  town: string;
  /** County (uk) or state (australia); '' when unknown. */
  county: string;
  /** Whether the county is needed to tell this town from another of the same name (includeCounty AsRequired). */
  countyRequired: boolean;
  postcode: string;
};

const titleCase = (text: string) => text.toLowerCase().replace(/(^|[\s\-(/'.])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());

/** The town as townFormat asks: Uppercase (CANNOCK) or Lowercase, that is capitals and small letters (Cannock). */
export function formatTown(town: string, format: LabelConfig['townFormat']): string {
  return format === 'Uppercase' ? town.toUpperCase() : titleCase(town);
}

type Line = { text: string; kind: 'org' | 'line' | 'town' | 'county' | 'postcode' };

/**
 * The label. reserverOrgLine: AsRequired gives the organisation its lines when there is one, Always
 * keeps the first line for it (blank when there is none), Never leaves it out. includeCounty:
 * AsRequired adds the county only when the town's name alone is ambiguous, Always whenever it is
 * known, Never not at all. labelFormat: Standard packs every line from the top (blanks at the end),
 * FixedPostcode keeps the postcode on the last line, FixedTown keeps town, county and postcode on the
 * last lines. When there are more lines than outputFields, address lines are joined with ", " from
 * the bottom up (then the organisation's, then county with town, then postcode with town), so
 * nothing is ever dropped.
 */
export function formatLabel(parts: LabelParts, config: LabelConfig): string[] {
  const n = config.outputFields;
  const org: Line[] = [];
  const orgText = parts.organisation.filter(Boolean);
  if (config.reserverOrgLine === 'Always') org.push({ text: orgText.join(', '), kind: 'org' });
  else if (config.reserverOrgLine === 'AsRequired') org.push(...orgText.map((text) => ({ text, kind: 'org' as const })));
  const body: Line[] = [...org, ...parts.lines.filter(Boolean).map((text) => ({ text, kind: 'line' as const }))];
  const county =
    parts.county && (config.includeCounty === 'Always' || (config.includeCounty === 'AsRequired' && parts.countyRequired));
  const tail: Line[] = [{ text: formatTown(parts.town, config.townFormat), kind: 'town' }];
  if (county) tail.push({ text: parts.county, kind: 'county' });
  tail.push({ text: parts.postcode, kind: 'postcode' });

  // Too many lines: join from the bottom of the address lines, then the organisation's.
  const join = (list: Line[], kind: Line['kind']) => {
    const idx = list.map((l, i) => (l.kind === kind ? i : -1)).filter((i) => i >= 0);
    if (idx.length < 2) return false;
    const [a, b] = idx.slice(-2);
    list[a] = { text: [list[a].text, list[b].text].filter(Boolean).join(', '), kind };
    list.splice(b, 1);
    return true;
  };
  while (body.length + tail.length > n && (join(body, 'line') || join(body, 'org'))) {
    /* joined one */
  }
  if (body.length + tail.length > n && body.length > 1) {
    // Organisation and address on one line.
    body.splice(0, body.length, { text: body.map((l) => l.text).filter(Boolean).join(', '), kind: 'line' });
  }
  while (body.length + tail.length > n && tail.length > 1) {
    const [first, second] = tail;
    tail.splice(0, 2, { text: [first.text, second.text].filter(Boolean).join(second.kind === 'postcode' ? ' ' : ', '), kind: 'town' });
  }
  if (body.length + tail.length > n) {
    // outputFields 1 is below the minimum the contract allows; still never drop text.
    return [[...body, ...tail].map((l) => l.text).filter(Boolean).join(', ')];
  }

  const blanks = (k: number) => Array.from({ length: k }, () => '');
  const free = n - body.length - tail.length;
  const text = (list: Line[]) => list.map((l) => l.text);
  if (config.labelFormat === 'Standard') return [...text(body), ...text(tail), ...blanks(free)];
  if (config.labelFormat === 'FixedPostcode') return [...text(body), ...text(tail.slice(0, -1)), ...blanks(free), tail[tail.length - 1].text];
  return [...text(body), ...blanks(free), ...text(tail)];
}

/** Premise and thoroughfare lines of a PAF record by Royal Mail's rules (the organisation is kept apart). */
export function pafParts(r: PafRecord, county: string, countyRequired: boolean): LabelParts {
  const address = new Address({
    postcode: r.postcode,
    post_town: r.post_town,
    dependant_locality: r.dependent_locality,
    double_dependant_locality: '',
    thoroughfare: r.thoroughfare,
    dependant_thoroughfare: r.dependent_thoroughfare,
    building_number: r.building_number,
    building_name: r.building_name,
    sub_building_name: r.sub_building,
    department_name: '',
    organisation_name: '',
    po_box: '',
  });
  const f = address.formattedAddress();
  return {
    organisation: [r.organisation, r.department].filter(Boolean),
    lines: [f.line_1, f.line_2, f.line_3].filter(Boolean),
    town: r.post_town,
    county,
    countyRequired,
    postcode: r.postcode,
  };
}

/** Lines of a G-NAF record: flat and level, then number and street (12-14 SMITH STREET N). */
export function gnafParts(r: GnafRecord): LabelParts {
  const sub = [[r.flat_type, r.flat_number].filter(Boolean).join(' '), r.level ? `LEVEL ${r.level}` : ''].filter(Boolean).join(', ');
  const number = r.number_last ? `${r.number_first}-${r.number_last}` : r.number_first;
  const street = [number, r.street_name, r.street_type, r.street_suffix].filter(Boolean).join(' ');
  return { organisation: [], lines: [sub, street].filter(Boolean), town: r.locality, county: r.state, countyRequired: true, postcode: r.postcode };
}

/** The address on one line for a suggestion. */
export function oneLine(parts: LabelParts): string {
  return [...parts.organisation, ...parts.lines, parts.town, parts.countyRequired ? parts.county : '', parts.postcode].filter(Boolean).join(', ');
}
