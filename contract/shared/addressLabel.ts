import type { LabelConfig } from './labelConfig';

// A label of exactly outputFields lines from an address's parts, by the label configuration of spec
// section 3. The address engine answers GET /json/{dataset} with it and sends the parts along, so the
// address lookup page draws the label again locally when the customer changes the configuration.

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
  /**
   * Town, county (state) and postcode on one line, as Australia Post addresses a letter
   * ("NEWPORT NSW 2106"); false puts each on its own line, as Royal Mail does.
   */
  postalLine: boolean;
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
 * last lines (one last line when parts.postalLine). When there are more lines than outputFields, address lines are joined with ", " from
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
  const town = formatTown(parts.town, config.townFormat);
  const tail: Line[] = parts.postalLine
    ? [{ text: [town, county ? parts.county : '', parts.postcode].filter(Boolean).join(' '), kind: 'town' }]
    : [{ text: town, kind: 'town' }, ...(county ? [{ text: parts.county, kind: 'county' as const }] : []), { text: parts.postcode, kind: 'postcode' }];

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

/** The address on one line for a suggestion. */
export function oneLine(parts: LabelParts): string {
  return [...parts.organisation, ...parts.lines, parts.town, parts.countyRequired ? parts.county : '', parts.postcode].filter(Boolean).join(', ');
}
