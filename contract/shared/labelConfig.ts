// The address lookup's label configuration of spec sections 3 and 5, with no zod: the application
// page (saved in local storage per user) and the address engine (GET /json/{dataset}) read the same
// names, enumerations and defaults from here.

import type { Territory } from './territory';

export const labelFormats = ['Standard', 'FixedPostcode', 'FixedTown'] as const;
export type LabelFormat = (typeof labelFormats)[number];
export const townFormats = ['Uppercase', 'Lowercase'] as const;
export type TownFormat = (typeof townFormats)[number];
/** reserverOrgLine and includeCounty (the spec's spelling of "reserve"). */
export const lineRules = ['AsRequired', 'Always', 'Never'] as const;
export type LineRule = (typeof lineRules)[number];

/** How many lines a label may have: enough for postcode and town, at most one line per PAF element. */
export const minOutputFields = 3;
export const maxOutputFields = 10;

export type LabelConfig = {
  /** Lines of the label, town, county and postcode included. */
  outputFields: number;
  labelFormat: LabelFormat;
  townFormat: TownFormat;
  reserverOrgLine: LineRule;
  includeCounty: LineRule;
};

/** Defaults of spec section 3: outputFields 7 for uk and 5 for australia; labelFormat FixedTown; townFormat Uppercase; reserverOrgLine AsRequired; includeCounty AsRequired for uk and Always for australia. */
export function defaultLabelConfig(territory: Territory): LabelConfig {
  return {
    outputFields: territory === 'uk' ? 7 : 5,
    labelFormat: 'FixedTown',
    townFormat: 'Uppercase',
    reserverOrgLine: 'AsRequired',
    includeCounty: territory === 'uk' ? 'AsRequired' : 'Always',
  };
}

const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);

/** True for a whole number of lines within the bounds. */
export function isOutputFields(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= minOutputFields && value <= maxOutputFields;
}

/**
 * A saved label configuration as spec section 5 accepts it: each value only from its enumeration
 * (outputFields a whole number of lines within the bounds); anything else, a missing value or
 * something that is not an object at all falls back to the territory's default for that value.
 */
export function acceptLabelConfig(saved: unknown, territory: Territory): LabelConfig {
  const fallback = defaultLabelConfig(territory);
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return fallback;
  const s = saved as Record<string, unknown>;
  return {
    outputFields: isOutputFields(s.outputFields) ? s.outputFields : fallback.outputFields,
    labelFormat: oneOf(labelFormats, s.labelFormat) ? s.labelFormat : fallback.labelFormat,
    townFormat: oneOf(townFormats, s.townFormat) ? s.townFormat : fallback.townFormat,
    reserverOrgLine: oneOf(lineRules, s.reserverOrgLine) ? s.reserverOrgLine : fallback.reserverOrgLine,
    includeCounty: oneOf(lineRules, s.includeCounty) ? s.includeCounty : fallback.includeCounty,
  };
}

/** Words for the page's panel. */
export const labelFormatLabels: Record<LabelFormat, string> = {
  Standard: 'Standard (blanks at the end)',
  FixedPostcode: 'Fixed postcode (last line)',
  FixedTown: 'Fixed town (last lines)',
};
export const townFormatLabels: Record<TownFormat, string> = { Uppercase: 'Uppercase (CANNOCK)', Lowercase: 'Lowercase (Cannock)' };
export const lineRuleLabels: Record<LineRule, string> = { AsRequired: 'As required', Always: 'Always', Never: 'Never' };
