import { describe, expect, it } from 'vitest';
import { seriesStyles, styleOf } from '../../src/shared/charts/palette';

describe('chart series styles', () => {
  it('keeps the first six as they are, each its own colour and dash', () => {
    expect(Array.from({ length: 6 }, (_, i) => styleOf(i))).toEqual(seriesStyles);
  });

  it('never gives two of the first 36 series the same colour and dash (a chart of many tokens)', () => {
    const looks = Array.from({ length: 36 }, (_, i) => {
      const style = styleOf(i);
      return `${style.colour} ${style.dash.join(',')}`;
    });
    expect(new Set(looks).size).toBe(36);
    // Its name says the dash it is drawn with.
    for (let i = 0; i < 36; i++) expect(seriesStyles.find((s) => s.name === styleOf(i).name)?.dash).toEqual(styleOf(i).dash);
  });
});
