import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { acceptLabelConfig, defaultLabelConfig, labelFormats, lineRules, townFormats, type LabelConfig } from '../../../contract/shared/labelConfig';
import { formatLabel, type LabelParts } from '../../../contract/shared/addressLabel';
import { gnafParts, pafParts } from '../../../server/engines/address/format';
import { pafFields, type PafRecord } from '../../../server/engines/address/records';

const paf = (fields: Partial<PafRecord>): PafRecord => ({ ...Object.fromEntries(pafFields.map((f) => [f, ''])), ...fields }) as PafRecord;
const standard = (outputFields: number): LabelConfig => ({ ...defaultLabelConfig('uk'), labelFormat: 'Standard', outputFields });
const label = (r: Partial<PafRecord>, config = standard(7)) => formatLabel(pafParts(paf(r), '', false), config).filter(Boolean);

// Expected values: the worked examples of Royal Mail's PAF Programmer's Guide (rules 1 to 7), which
// uk-clear-addressing's documentation cites.
describe('UK premise and thoroughfare lines by the PAF rules', () => {
  it('rule 1: organisation only', () => {
    expect(label({ organisation: 'LEDA ENGINEERING LTD', dependent_locality: 'APPLEFORD', post_town: 'ABINGDON', postcode: 'OX14 4PG' })).toEqual([
      'LEDA ENGINEERING LTD', 'APPLEFORD', 'ABINGDON', 'OX14 4PG',
    ]);
  });
  it('rule 2: building number only', () => {
    expect(label({ building_number: '1', thoroughfare: 'ACACIA AVENUE', post_town: 'ABINGDON', postcode: 'OX14 4PG' })).toEqual(['1 ACACIA AVENUE', 'ABINGDON', 'OX14 4PG']);
  });
  it('rule 3: building name only, a name of a number and a letter goes on the thoroughfare line', () => {
    expect(label({ building_name: '1A', dependent_thoroughfare: 'SEASTONE COURT', thoroughfare: 'STATION ROAD', post_town: 'HOLT', postcode: 'NR25 7HG' })).toEqual([
      '1A SEASTONE COURT', 'STATION ROAD', 'HOLT', 'NR25 7HG',
    ]);
    expect(label({ building_name: 'THE MANOR', thoroughfare: 'UPPER HILL', post_town: 'HORLEY', postcode: 'RH6 0HP' })).toEqual(['THE MANOR', 'UPPER HILL', 'HORLEY', 'RH6 0HP']);
  });
  it('rule 4: building name and number', () => {
    expect(label({ building_name: 'VICTORIA HOUSE', building_number: '15', thoroughfare: 'THE STREET', post_town: 'CHRISTCHURCH', postcode: 'BH23 6AA' })).toEqual([
      'VICTORIA HOUSE', '15 THE STREET', 'CHRISTCHURCH', 'BH23 6AA',
    ]);
  });
  it('rule 5: sub-building and building number', () => {
    expect(label({ sub_building: 'FLAT 1', building_number: '12', thoroughfare: 'LIME TREE AVENUE', post_town: 'BRISTOL', postcode: 'BS8 4AB' })).toEqual([
      'FLAT 1', '12 LIME TREE AVENUE', 'BRISTOL', 'BS8 4AB',
    ]);
  });
  it('rule 6: sub-building and building name', () => {
    expect(label({ sub_building: 'STABLES FLAT', building_name: 'THE MANOR', thoroughfare: 'UPPER HILL', post_town: 'HORLEY', postcode: 'RH6 0HP' })).toEqual([
      'STABLES FLAT', 'THE MANOR', 'UPPER HILL', 'HORLEY', 'RH6 0HP',
    ]);
  });
  it('rule 7: sub-building, building name and number', () => {
    expect(label({ sub_building: '2B', building_name: 'THE TOWER', building_number: '27', thoroughfare: 'JOHN STREET', post_town: 'WINCHESTER', postcode: 'SO23 9AP' })).toEqual([
      '2B THE TOWER', '27 JOHN STREET', 'WINCHESTER', 'SO23 9AP',
    ]);
  });
});

const parts: LabelParts = {
  organisation: ['S D ALCOTT FLORISTS'],
  lines: ['FLOWER HOUSE', '189A PYE GREEN ROAD'],
  town: 'CANNOCK',
  county: 'Staffordshire',
  countyRequired: false,
  postcode: 'WS11 5SB',
  postalLine: false,
};

describe('the label configuration of spec section 3', () => {
  it('defaults: FixedTown, Uppercase, 7 lines for uk with town and postcode on the last lines', () => {
    expect(formatLabel(parts, defaultLabelConfig('uk'))).toEqual(['S D ALCOTT FLORISTS', 'FLOWER HOUSE', '189A PYE GREEN ROAD', '', '', 'CANNOCK', 'WS11 5SB']);
  });
  it('Standard packs from the top; FixedPostcode keeps only the postcode last', () => {
    const base = defaultLabelConfig('uk');
    expect(formatLabel(parts, { ...base, labelFormat: 'Standard' })).toEqual(['S D ALCOTT FLORISTS', 'FLOWER HOUSE', '189A PYE GREEN ROAD', 'CANNOCK', 'WS11 5SB', '', '']);
    expect(formatLabel(parts, { ...base, labelFormat: 'FixedPostcode' })).toEqual(['S D ALCOTT FLORISTS', 'FLOWER HOUSE', '189A PYE GREEN ROAD', 'CANNOCK', '', '', 'WS11 5SB']);
  });
  it('townFormat Lowercase writes the town in capitals and small letters', () => {
    expect(formatLabel(parts, { ...defaultLabelConfig('uk'), townFormat: 'Lowercase' })).toContain('Cannock');
  });
  it('reserverOrgLine: Never drops the organisation, Always keeps a blank first line when there is none', () => {
    const base = { ...defaultLabelConfig('uk'), labelFormat: 'Standard' as const };
    expect(formatLabel(parts, { ...base, reserverOrgLine: 'Never' })[0]).toBe('FLOWER HOUSE');
    expect(formatLabel({ ...parts, organisation: [] }, { ...base, reserverOrgLine: 'Always' }).slice(0, 2)).toEqual(['', 'FLOWER HOUSE']);
    expect(formatLabel({ ...parts, organisation: [] }, { ...base, reserverOrgLine: 'AsRequired' })[0]).toBe('FLOWER HOUSE');
  });
  it('includeCounty: AsRequired only for an ambiguous town, Always when known, Never not at all', () => {
    const base = defaultLabelConfig('uk');
    expect(formatLabel(parts, base)).not.toContain('Staffordshire');
    expect(formatLabel({ ...parts, countyRequired: true }, base).slice(-3)).toEqual(['CANNOCK', 'Staffordshire', 'WS11 5SB']);
    expect(formatLabel(parts, { ...base, includeCounty: 'Always' })).toContain('Staffordshire');
    expect(formatLabel({ ...parts, countyRequired: true }, { ...base, includeCounty: 'Never' })).not.toContain('Staffordshire');
  });
  it('joins lines from the bottom when outputFields is too small, dropping nothing', () => {
    expect(formatLabel(parts, { ...defaultLabelConfig('uk'), outputFields: 4 })).toEqual(['S D ALCOTT FLORISTS', 'FLOWER HOUSE, 189A PYE GREEN ROAD', 'CANNOCK', 'WS11 5SB']);
    expect(formatLabel(parts, { ...defaultLabelConfig('uk'), outputFields: 3 })).toEqual(['S D ALCOTT FLORISTS, FLOWER HOUSE, 189A PYE GREEN ROAD', 'CANNOCK', 'WS11 5SB']);
  });
  it('Australia: 5 lines, locality, state and postcode on the last line as Australia Post writes them', () => {
    const p = gnafParts({ flat_type: 'UNIT', flat_number: '3', level: '', number_first: '12', number_last: '14', street_name: 'SMITH', street_type: 'STREET', street_suffix: 'N', locality: 'NEWPORT', state: 'NSW', postcode: '2106' });
    expect(formatLabel(p, defaultLabelConfig('australia'))).toEqual(['UNIT 3', '12-14 SMITH STREET N', '', '', 'NEWPORT NSW 2106']);
    const australia = defaultLabelConfig('australia');
    expect(formatLabel(p, { ...australia, labelFormat: 'Standard' })).toEqual(['UNIT 3', '12-14 SMITH STREET N', 'NEWPORT NSW 2106', '', '']);
    expect(formatLabel(p, { ...australia, labelFormat: 'FixedPostcode' }).at(-1)).toBe('NEWPORT NSW 2106');
    expect(formatLabel(p, { ...australia, includeCounty: 'Never' }).at(-1)).toBe('NEWPORT 2106');
    expect(formatLabel(p, { ...australia, townFormat: 'Lowercase' }).at(-1)).toBe('Newport NSW 2106');
    expect(formatLabel(p, { ...australia, outputFields: 3 })).toEqual(['UNIT 3', '12-14 SMITH STREET N', 'NEWPORT NSW 2106']);
  });
  it('saved values are accepted only from the enumerations (spec section 5)', () => {
    expect(acceptLabelConfig({ labelFormat: 'Fancy', townFormat: 'Lowercase', outputFields: 99, includeCounty: 'always' }, 'australia')).toEqual({
      ...defaultLabelConfig('australia'),
      townFormat: 'Lowercase',
    });
    expect(acceptLabelConfig('garbage', 'uk')).toEqual(defaultLabelConfig('uk'));
    expect(acceptLabelConfig(null, 'uk')).toEqual(defaultLabelConfig('uk'));
  });
});

const config = fc.record({
  outputFields: fc.integer({ min: 3, max: 10 }),
  labelFormat: fc.constantFrom(...labelFormats),
  townFormat: fc.constantFrom(...townFormats),
  reserverOrgLine: fc.constantFrom(...lineRules),
  includeCounty: fc.constantFrom(...lineRules),
});

describe('properties', () => {
  it('any PAF record and configuration: exactly outputFields lines, postcode and every premise word kept', () => {
    const field = fc.string({ maxLength: 30 });
    const record = fc.record(Object.fromEntries(pafFields.map((f) => [f, field])) as Record<keyof PafRecord, fc.Arbitrary<string>>);
    fc.assert(
      fc.property(record, config, fc.string({ maxLength: 20 }), fc.boolean(), (r, c, county, required) => {
        const out = formatLabel(pafParts(r, county, required), c);
        expect(out).toHaveLength(c.outputFields);
        if (r.postcode.trim()) expect(out.join(' ')).toContain(r.postcode.trim());
      }),
      { numRuns: 300 },
    );
  });
  it('any G-NAF record and configuration: locality, state and postcode together on one line of exactly outputFields', () => {
    const word = fc.stringMatching(/^[A-Z]{1,12}$/);
    const record = fc.record({
      flat_type: fc.constantFrom('', 'UNIT', 'FLAT'), flat_number: fc.constantFrom('', '3', '12A'), level: fc.constantFrom('', '2'),
      number_first: fc.integer({ min: 1, max: 999 }).map(String), number_last: fc.constantFrom('', '14'), street_name: word,
      street_type: fc.constantFrom('STREET', 'ROAD', 'AVENUE'), street_suffix: fc.constantFrom('', 'N'), locality: word,
      state: fc.constantFrom('NSW', 'VIC', 'QLD', 'ACT'), postcode: fc.stringMatching(/^\d{4}$/),
    });
    fc.assert(
      fc.property(record, config, (r, c) => {
        const out = formatLabel(gnafParts(r), c);
        expect(out).toHaveLength(c.outputFields);
        const state = c.includeCounty === 'Never' ? '' : ` ${r.state}`;
        const town = c.townFormat === 'Uppercase' ? r.locality : r.locality.charAt(0) + r.locality.slice(1).toLowerCase();
        expect(out.some((line) => line === `${town}${state} ${r.postcode}` || line.endsWith(`, ${town}${state} ${r.postcode}`))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
  it('accepting a saved configuration never throws and always yields the enumerations', () => {
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom('uk' as const, 'australia' as const), (saved, territory) => {
        const c = acceptLabelConfig(saved, territory);
        expect(labelFormats).toContain(c.labelFormat);
        expect(townFormats).toContain(c.townFormat);
        expect(lineRules).toContain(c.reserverOrgLine);
        expect(lineRules).toContain(c.includeCounty);
      }),
    );
  });
});
