// @vitest-environment jsdom
// The address lookup page's saved label configuration (spec sections 3 and 5): kept per user and
// territory in local storage, and only the enumerations of section 3 accepted back.
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultLabelConfig } from '../../contract/shared/labelConfig';
import { labelConfigKey, loadLabelConfig, saveLabelConfig } from '../../src/areas/applications/addresslookup/labelStorage';

beforeEach(() => localStorage.clear());

describe('the saved label configuration', () => {
  it('starts from the spec defaults: 7 fields for uk, 5 and the state always for australia', () => {
    expect(loadLabelConfig(localStorage, 1, 'uk')).toEqual({ outputFields: 7, labelFormat: 'FixedTown', townFormat: 'Uppercase', reserverOrgLine: 'AsRequired', includeCounty: 'AsRequired' });
    expect(loadLabelConfig(localStorage, 1, 'australia')).toEqual({ outputFields: 5, labelFormat: 'FixedTown', townFormat: 'Uppercase', reserverOrgLine: 'AsRequired', includeCounty: 'Always' });
  });
  it('keeps what one user saves, apart from another user and the other territory', () => {
    const mine = { ...defaultLabelConfig('uk'), labelFormat: 'Standard' as const, townFormat: 'Lowercase' as const, outputFields: 4 };
    saveLabelConfig(localStorage, 1, 'uk', mine);
    expect(loadLabelConfig(localStorage, 1, 'uk')).toEqual(mine);
    expect(loadLabelConfig(localStorage, 2, 'uk')).toEqual(defaultLabelConfig('uk'));
    expect(loadLabelConfig(localStorage, 1, 'australia')).toEqual(defaultLabelConfig('australia'));
  });
  it('falls back to the default for anything outside the enumerations, and for a stored value that is not JSON', () => {
    localStorage.setItem(labelConfigKey(1, 'uk'), JSON.stringify({ labelFormat: 'standard', townFormat: 'Lowercase', reserverOrgLine: 'Sometimes', outputFields: '7', includeCounty: 'Never' }));
    expect(loadLabelConfig(localStorage, 1, 'uk')).toEqual({ ...defaultLabelConfig('uk'), townFormat: 'Lowercase', includeCounty: 'Never' });
    localStorage.setItem(labelConfigKey(1, 'uk'), '{not json');
    expect(loadLabelConfig(localStorage, 1, 'uk')).toEqual(defaultLabelConfig('uk'));
  });
});
