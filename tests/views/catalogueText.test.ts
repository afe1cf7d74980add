import { describe, expect, it } from 'vitest';
import { datasetsCsv, plansCsv } from '../../src/areas/dataAdministration/catalogue';
import { toCsv } from '../../src/shared/csv';
import { majorUnitsText, minorUnitsOf } from '../../src/shared/money';
import { dataset, jan2025, plan } from './support/catalogueFixtures';

// Pure text of the catalogue pages: prices typed in major units, and the CSV exports.

describe('prices typed in pounds or dollars', () => {
  it('keeps them as whole minor units, digit by digit', () => {
    expect(['12.5', '0.29', '1', '0.07', ' 30.00 ', '123456789.99'].map(minorUnitsOf)).toEqual([1250, 29, 100, 7, 3000, 12_345_678_999]);
    expect(['', '-1', '1.234', '1,50', 'abc', '.5'].map(minorUnitsOf)).toEqual([null, null, null, null, null, null]);
    expect([1250, 29, 3000, 0].map(majorUnitsText)).toEqual(['12.50', '0.29', '30.00', '0.00']);
  });
});

describe('CSV exports', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(toCsv([['a', 'b'], ['x, y', 'say "hi"'], ['=SUM(A1)', 3]])).toBe('a,b\r\n"x, y","say ""hi"""\r\n\'=SUM(A1),3\r\n');
  });

  it('writes dates as dd/mm/yyyy and prices in the plan territory\'s currency', () => {
    const now = jan2025 + 86_400;
    const au = plan(2, { plan: 'AU Lookup', territory: 'australia', pricing: [{ fromClicks: 1, toClicks: null, pricePer1000: 1250 }] });
    const [header, row] = toCsv(plansCsv([au], now)).split('\r\n');
    expect(header.split(',').slice(0, 3)).toEqual(['Plan id', 'Name', 'Dataset']);
    expect(row).toContain(',Australia,12,01/01/2025,,Available,Volume,');
    expect(row).toContain('1+ clicks: A$12.50 per 1,000 clicks');
    expect(toCsv(datasetsCsv([dataset(1, { dataset: 'PAF', datasetRef: 'PAF', planCount: 3 })])).split('\r\n')[1]).toBe(
      '1,PAF,PAF,Address lookup,,3,01/01/2025,01/01/2025',
    );
  });
});
