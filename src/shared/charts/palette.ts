// Series styles of every chart: the Okabe-Ito colours (told apart with the common colour-vision
// deficiencies, each at least 3:1 against white) together with a line dash and a point shape of
// its own, so a series is never told by its colour alone; the legend and the table beside each
// chart name them too.

export type SeriesStyle = { colour: string; dash: number[]; name: string };

const styles: readonly SeriesStyle[] = [
  { colour: '#0072B2', dash: [], name: 'solid line' },
  { colour: '#D55E00', dash: [8, 4], name: 'dashed line' },
  { colour: '#009E73', dash: [2, 3], name: 'dotted line' },
  { colour: '#CC79A7', dash: [10, 3, 2, 3], name: 'dash-dot line' },
  { colour: '#8A6D00', dash: [14, 5], name: 'long-dashed line' },
  { colour: '#56595C', dash: [4, 2, 4, 6], name: 'double-dashed line' },
];

/** The first six series: a colour and a dash each. */
export const seriesStyles = styles;

/**
 * The style of the index-th series. From the seventh on, the colours come round again with the
 * dashes shifted by one each round, so no two of the first 36 series share both colour and dash.
 */
export function styleOf(index: number): SeriesStyle {
  const n = styles.length;
  const round = Math.floor(index / n);
  const dashed = styles[(index + round) % n];
  return { colour: styles[index % n].colour, dash: dashed.dash, name: dashed.name };
}
