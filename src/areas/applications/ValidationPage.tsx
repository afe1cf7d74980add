import type { FormEvent, ReactNode } from 'react';
import './validationPage.css';

// The frame of a validation page that checks one value at a time (name, email): its heading and
// what a check costs, the clicks left, the form, the meter's refusal, the result shown, and this
// visit's checks to show again. The page's machine holds what is shown; this only draws it.

/** The services with such a page; each names its heading, field and classes. */
type Service = 'name' | 'email';

/** A check of this visit: showing it again is free. */
export type RecentCheck = { key: string; label: string; badge: ReactNode; show: () => void };

/** What the page says before an account is chosen. */
export function ChooseAccount({ service, title }: { service: Service; title: string }) {
  return (
    <section className="card empty-state" aria-labelledby={`${service}-title`}>
      <h1 id={`${service}-title`}>{title}</h1>
      <p>{title} is charged to an account: choose one with Change Account.</p>
    </section>
  );
}

export function ValidationPage({
  service,
  title,
  intro,
  clicks,
  field,
  busy,
  onCheck,
  refusal,
  result,
  recent,
}: {
  service: Service;
  title: string;
  /** What the service checks, and whose click each check uses. */
  intro: ReactNode;
  /** "1,234 clicks left". */
  clicks: string;
  field: { label: string; type: 'text' | 'email'; maxLength: number; value: string; onChange: (value: string) => void; error?: string | null };
  busy: boolean;
  /** The form is sent: check what is typed. */
  onCheck: () => void;
  refusal: string | null | undefined;
  result: ReactNode;
  recent: readonly RecentCheck[];
}) {
  const fieldId = `field-${service}`;
  const errorId = `${fieldId}-error`;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onCheck();
  };
  return (
    <div className={`validation-page ${service}-page`}>
      <section className="card" aria-labelledby={`${service}-title`}>
        <div className="card__header">
          <div>
            <h1 id={`${service}-title`}>{title}</h1>
            <p className="muted">{intro}</p>
          </div>
          <p className={`validation-page__clicks ${service}-page__clicks`} aria-live="polite" data-testid={`${service}-clicks`}>
            {clicks}
          </p>
        </div>
        <form className="validation-page__form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={fieldId}>{field.label}</label>
            <input
              id={fieldId}
              name={service}
              type={field.type}
              inputMode={field.type === 'email' ? 'email' : undefined}
              autoComplete="off"
              spellCheck={false}
              maxLength={field.maxLength}
              value={field.value}
              aria-invalid={field.error ? true : undefined}
              aria-describedby={field.error ? errorId : undefined}
              onChange={(e) => field.onChange(e.target.value)}
            />
            {field.error && (
              <p id={errorId} className="field-error" role="alert">
                {field.error}
              </p>
            )}
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Checking...' : 'Check'}
          </button>
        </form>
        {refusal && (
          <p className="field-error" role="alert">
            {refusal}
          </p>
        )}
      </section>
      {result}
      {recent.length > 0 && (
        <section className="card" aria-labelledby={`${service}-recent-title`}>
          <h2 id={`${service}-recent-title`}>Checked this visit</h2>
          <p className="muted">Showing a result again is free.</p>
          <ul className="validation-recent">
            {recent.map((r) => (
              <li key={r.key}>
                <button type="button" className="button button--small" disabled={busy} onClick={r.show} aria-label={`Show the result for ${r.label} again`}>
                  Show
                </button>{' '}
                <span className="validation-recent__label">{r.label}</span> {r.badge}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
