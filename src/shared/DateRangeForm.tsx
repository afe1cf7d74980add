import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { dayOfText, dayRangePicks, dayRangeProblem, dayRangeText, textOfDay, type DayRange } from './dateRange';
import './dateRange.css';

// The range of a report as a form: From and To days typed dd/mm/yyyy, any other filters the page adds
// as children, Apply, and quick picks. The page keeps the range in its address: onApply gets the
// form's data, from and to checked and turned into yyyy-mm-dd, and navigates.

type Props = {
  id: string;
  /** The form's accessible name ("Choose the dates of the statistics"). */
  label: string;
  range: DayRange;
  now: number;
  onApply: (data: FormData) => void;
  /** What else in the address was not understood (the page's own filters). */
  problems?: readonly string[];
  /** The page's own check of its other filters: why they cannot be applied, or null. */
  check?: (data: FormData) => string | null;
  children?: ReactNode;
};

export function DateRangeForm({ id, label, range, now, onApply, problems = [], check, children }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  /** Applies `data` whose from and to are dd/mm/yyyy as typed. */
  const apply = (data: FormData) => {
    const from = String(data.get('from') ?? '');
    const to = String(data.get('to') ?? '');
    const why = dayRangeProblem(from, to) ?? check?.(data) ?? null;
    setProblem(why);
    if (why) return;
    data.set('from', dayOfText(from) ?? '');
    data.set('to', dayOfText(to) ?? '');
    onApply(data);
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    apply(new FormData(e.currentTarget));
  };
  const pick = (from: string, to: string) => {
    if (!form.current) return;
    const data = new FormData(form.current);
    data.set('from', textOfDay(from));
    data.set('to', textOfDay(to));
    apply(data);
  };

  return (
    <div className="date-range">
      <form ref={form} className="date-range__form" onSubmit={submit} aria-label={label} noValidate>
        <div className="field">
          <label htmlFor={`${id}-from`}>From</label>
          <input
            id={`${id}-from`}
            name="from"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            size={10}
            defaultValue={textOfDay(range.from)}
            required
            aria-describedby={`${id}-from-hint ${id}-shown`}
          />
          <small id={`${id}-from-hint`} className="field__hint">
            dd/mm/yyyy
          </small>
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <input
            id={`${id}-to`}
            name="to"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            size={10}
            defaultValue={textOfDay(range.to)}
            required
            aria-describedby={`${id}-to-hint ${id}-shown`}
          />
          <small id={`${id}-to-hint`} className="field__hint">
            dd/mm/yyyy
          </small>
        </div>
        {children}
        <div className="date-range__apply">
          <button type="submit" className="button button--primary">
            Apply
          </button>
        </div>
      </form>
      <div className="date-range__picks" role="group" aria-label="Quick ranges">
        {dayRangePicks(now).map((p) => (
          <button key={p.label} type="button" className="button button--small" onClick={() => pick(p.from, p.to)}>
            {p.label}
          </button>
        ))}
      </div>
      {[problem, ...range.problems, ...problems].filter(Boolean).map((p) => (
        <p key={p} className="field-error date-range__problem" role="alert">
          {p}
        </p>
      ))}
      <p id={`${id}-shown`} className="date-range__shown">
        Showing <strong>{dayRangeText(range)}</strong>, both days included.
      </p>
    </div>
  );
}
