import { count } from './buckets';
import './charts.css';

// A small bar chart of counts by category (a file's matches, its output files): one row per bar with
// its label and its number written out, so it reads as text without the bars (they are hidden from
// screen readers) and needs no canvas. The bars share one scale: the largest count, or `total`.

export type Bar = { label: string; value: number };

export function BarList({ id, title, bars, total }: { id: string; title: string; bars: readonly Bar[]; total?: number }) {
  const scale = Math.max(total ?? 0, ...bars.map((b) => b.value), 1);
  const share = (v: number) => (total ? ` (${((v / total) * 100).toFixed(1)}%)` : '');
  return (
    <figure className="bar-list" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="bar-list__title">
        {title}
      </figcaption>
      <ul className="bar-list__rows">
        {bars.map((b) => (
          <li key={b.label} className="bar-list__row" data-testid={`${id}-${b.label}`}>
            <span className="bar-list__label">{b.label}</span>
            <span className="bar-list__track" aria-hidden="true">
              <span className="bar-list__bar" style={{ width: `${(b.value / scale) * 100}%` }} />
            </span>
            <span className="bar-list__value">
              {count(b.value)}
              {share(b.value)}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
