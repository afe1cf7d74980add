import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type uPlot from 'uplot';
import { count } from './buckets';
import { loadUplot } from './loadUplot';
import { styleOf } from './palette';
import './charts.css';

// A usage chart drawn by uPlot (loaded on first use), with the parts uPlot leaves to us: an
// aria-label summing it up (role="img"; the table beside it is the accessible equivalent), a legend
// naming each series with its colour and dash, and keyboard reading: focus the chart and move
// through the periods with the arrow keys, Home and End; the values are read out below it.
// uPlot sets sizes through element.style (CSSOM), which the Content Security Policy allows.

export type ChartSeries = { label: string; values: readonly number[] };

type Props = {
  id: string;
  /** One sentence saying what the chart shows: its accessible name. */
  summary: string;
  /** Short label per x position (axis), and the full one (read-out). */
  ticks: readonly string[];
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** line: usage over time; bar: categories side by side (a subscription's consumed and remaining). */
  kind?: 'line' | 'bar';
  unit?: string;
  /** How a value is written on the axis and read out (money: "£12.50"); whole numbers by default. */
  format?: (value: number) => string;
};

const heightOf = (width: number) => (width < 500 ? 220 : 280);

/** A hatched fill: a bar told from its neighbour by texture as well as colour. */
function hatch(colour: string): CanvasPattern | string {
  const tile = document.createElement('canvas');
  tile.width = tile.height = 8;
  const ctx = tile.getContext('2d');
  if (!ctx) return colour;
  ctx.strokeStyle = colour;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(0, 8);
  ctx.lineTo(8, 0);
  ctx.stroke();
  return ctx.createPattern(tile, 'repeat') ?? colour;
}

export function UsageChart({ id, summary, ticks, labels, series, kind = 'line', unit = 'clicks', format = count }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [index, setIndex] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const points = ticks.length;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    loadUplot()
      .then((UPlot) => {
        if (cancelled) return;
        const width = Math.max(element.clientWidth, 240);
        const bars = kind === 'bar';
        // Category names slant when they would not fit side by side.
        const slant = bars && width / Math.max(points, 1) < 130;
        const options: uPlot.Options = {
          width,
          height: heightOf(width),
          legend: { show: false },
          cursor: { y: false, points: { size: 9 } },
          scales: {
            x: { time: false, range: () => [-0.5, points - 0.5] },
            y: { range: (_u, _min, max) => [0, max > 0 ? Math.ceil(max * 1.1) : 1] },
          },
          axes: [
            {
              incrs: [1, 2, 3, 4, 6, 7, 12, 14, 24, 28, 30, 60, 90, 120, 180, 365],
              // Every category of a bar chart is named (slanted when crowded); periods thin out.
              space: bars ? 8 : 70,
              values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (ticks[i] ?? '') : '')),
              grid: { show: false },
              ...(slant ? { rotate: -45, size: 110 } : {}),
            },
            { values: (_u, splits) => splits.map((v) => format(v)), size: 64, grid: { stroke: '#e4e8ee', width: 1 } },
          ],
          series: [
            {},
            ...series.map((s, i) => {
              const style = styleOf(i);
              return bars
                ? {
                    label: s.label,
                    stroke: style.colour,
                    width: 1.5,
                    fill: i % 2 === 1 ? hatch(style.colour) : style.colour,
                    paths: UPlot.paths.bars!({ size: [0.8 / series.length, 70], align: series.length === 1 ? 0 : i === 0 ? -1 : 1 }),
                    points: { show: false },
                  }
                : { label: s.label, stroke: style.colour, width: 2, dash: style.dash, points: { show: true, size: 6, fill: style.colour } };
            }),
          ],
        };
        const data = [ticks.map((_, i) => i), ...series.map((s) => [...s.values])] as uPlot.AlignedData;
        plot.current = new UPlot(options, data, element);
        observer = new ResizeObserver(() => {
          const next = Math.max(element.clientWidth, 240);
          if (plot.current && Math.abs(plot.current.width - next) > 1) plot.current.setSize({ width: next, height: heightOf(next) });
        });
        observer.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, [kind, points, series, ticks, format]);

  /** Moves the cursor to `next` and reads its values out. */
  function show(next: number) {
    setIndex(next);
    const u = plot.current;
    if (!u) return;
    const top = Math.max(...series.map((s) => s.values[next] ?? 0));
    u.setCursor({ left: u.valToPos(next, 'x'), top: u.valToPos(top, 'y') });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (points === 0) return;
    const at = index ?? -1;
    const moves: Record<string, number> = { ArrowRight: Math.min(at + 1, points - 1), ArrowLeft: Math.max(at - 1, 0), Home: 0, End: points - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    show(moves[event.key]);
  }

  const readout =
    index === null
      ? `Focus the chart and use the arrow keys to read each ${kind === 'bar' ? 'bar' : 'period'}.`
      : `${labels[index]}: ${series.map((s) => `${s.label} ${format(s.values[index] ?? 0)}${unit ? ` ${unit}` : ''}`).join('; ')}`;

  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <ul className="chart__legend" aria-label="Legend">
        {series.map((s, i) => {
          const style = styleOf(i);
          return (
            <li key={s.label}>
              <svg width="28" height="12" aria-hidden="true" focusable="false">
                {kind === 'bar' ? (
                  <rect x="6" y="1" width="16" height="10" fill={i % 2 === 1 ? 'none' : style.colour} stroke={style.colour} strokeWidth="2" strokeDasharray={i % 2 === 1 ? '3 2' : undefined} />
                ) : (
                  <line x1="0" y1="6" x2="28" y2="6" stroke={style.colour} strokeWidth="3" strokeDasharray={style.dash.join(' ') || undefined} />
                )}
              </svg>
              {s.label}
              {kind === 'bar' && i % 2 === 1 ? ' (hatched)' : ''}
            </li>
          );
        })}
      </ul>
      <div
        id={id}
        className="chart__plot"
        ref={host}
        role="img"
        aria-label={summary}
        aria-describedby={`${id}-readout`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onBlur={() => plot.current?.setCursor({ left: -10, top: -10 })}
      />
      {failed && <p className="muted">The chart could not be drawn; the table holds the same numbers.</p>}
      <figcaption id={`${id}-caption`} className="visually-hidden">
        {summary}
      </figcaption>
      <p id={`${id}-readout`} className="chart__readout muted" aria-live="polite">
        {readout}
      </p>
    </figure>
  );
}
