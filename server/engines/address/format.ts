import { Address } from 'uk-clear-addressing';
import type { LabelParts } from '../../../contract/shared/addressLabel';
import type { GnafRecord, PafRecord } from './records';

// An address's label parts from its record: UK premise and thoroughfare lines by Royal Mail's PAF
// rules (uk-clear-addressing), Australian ones from the G-NAF fields. The label itself is drawn from
// the parts by contract/shared/addressLabel.ts, which the address lookup page runs too.

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
    postalLine: false,
  };
}

/** Lines of a G-NAF record: flat and level, then number and street (12-14 SMITH STREET N). */
export function gnafParts(r: GnafRecord): LabelParts {
  const sub = [[r.flat_type, r.flat_number].filter(Boolean).join(' '), r.level ? `LEVEL ${r.level}` : ''].filter(Boolean).join(', ');
  const number = r.number_last ? `${r.number_first}-${r.number_last}` : r.number_first;
  const street = [number, r.street_name, r.street_type, r.street_suffix].filter(Boolean).join(' ');
  return { organisation: [], lines: [sub, street].filter(Boolean), town: r.locality, county: r.state, countyRequired: true, postcode: r.postcode, postalLine: true };
}
