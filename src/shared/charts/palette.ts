// Series styles of every chart: the Okabe-Ito colours (told apart with the common colour-vision
// deficiencies, each at least 3:1 against white) together with a line dash and a point shape of
// its own, so a series is never told by its colour alone; the legend and the table beside each
// chart name them too.

export type SeriesStyle = { colour: string; dash: number[]; name: string };

export const seriesStyles: readonly SeriesStyle[] = [
  { colour: '#0072B2', dash: [], name: 'solid line' },
  { colour: '#D55E00', dash: [8, 4], name: 'dashed line' },
  { colour: '#009E73', dash: [2, 3], name: 'dotted line' },
  { colour: '#CC79A7', dash: [10, 3, 2, 3], name: 'dash-dot line' },
  { colour: '#8A6D00', dash: [14, 5], name: 'long-dashed line' },
  { colour: '#56595C', dash: [4, 2, 4, 6], name: 'double-dashed line' },
];

export const styleOf = (index: number): SeriesStyle => seriesStyles[index % seriesStyles.length];
