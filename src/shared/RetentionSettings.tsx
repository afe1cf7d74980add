import { useState, type FormEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { Retention } from '../../contract/bureau/entities';
import { bureauApi } from '../api/bureau';
import { usePortal } from '../app/PortalContext';
import { Field, FieldError } from './Field';
import './retention.css';

// How long the account keeps its uploads and results (GET/PUT /files/retention ?accountId), under the
// file list of /applications/addresscleanse and on the owner's /administration/addresscleanse: a sweep
// deletes what is older (README, "Bureau server"). A file can still be deleted at once from the list.
// Saved days reload the page's data, so the dates the files are kept until (the file list) follow at once.

type Problems = Partial<Record<keyof Retention, string>>;

const limits = { min: 1, max: 365 } as const;

/** The contract's own words for a number of days out of range (contract/bureau/schemas.ts, putRetention). */
export function retentionProblems(values: Record<keyof Retention, string>): Problems {
  const problems: Problems = {};
  const check = (key: keyof Retention, what: string) => {
    const days = Number(values[key]);
    if (values[key].trim() === '' || !Number.isInteger(days)) problems[key] = `Keep ${what} a whole number of days`;
    else if (days < limits.min) problems[key] = `Keep ${what} at least 1 day`;
    else if (days > limits.max) problems[key] = `Keep ${what} at most 365 days`;
  };
  check('uploadDays', 'uploads');
  check('resultDays', 'results');
  return problems;
}

const daysText = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export function RetentionSettings({ accountId, retention }: { accountId: number; retention: Retention }) {
  const portal = usePortal();
  const router = useRouter();
  const [kept, setKept] = useState(retention);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const values = { uploadDays: String(form.get('uploadDays') ?? ''), resultDays: String(form.get('resultDays') ?? '') };
    const found = retentionProblems(values);
    setProblems(found);
    setSaved('');
    if (Object.keys(found).length) return;
    setBusy(true);
    const body = { uploadDays: Number(values.uploadDays), resultDays: Number(values.resultDays) };
    bureauApi(portal.api)
      .putRetention(accountId, body)
      .then(
        (next) => {
          setKept(next);
          setSaved(`Saved: uploads are kept ${daysText(next.uploadDays)}, results ${daysText(next.resultDays)}.`);
          void router.invalidate();
        },
        () => undefined,
      )
      .finally(() => setBusy(false));
  };

  const field = (key: keyof Retention, label: string, hint: string) => (
    <>
      <Field
        label={label}
        name={key}
        type="number"
        inputMode="numeric"
        min={limits.min}
        max={limits.max}
        step={1}
        defaultValue={kept[key]}
        hint={hint}
        aria-invalid={problems[key] ? true : undefined}
        aria-errormessage={problems[key] ? `${key}-error` : undefined}
      />
      <FieldError id={`${key}-error`} text={problems[key]} />
    </>
  );

  return (
    <section className="card" aria-labelledby="bureau-retention-title">
      <h2 id="bureau-retention-title">How long files are kept</h2>
      <p className="muted">
        Uploads are deleted {daysText(kept.uploadDays)} after they arrive, and results {daysText(kept.resultDays)} after they are made (paid
        results too: download them before then). Delete a file at once from your file list.
      </p>
      <form className="bureau-retention" onSubmit={submit} noValidate>
        {field('uploadDays', 'Keep uploads (days)', '1 to 365')}
        {field('resultDays', 'Keep results (days)', '1 to 365')}
        <div className="form__row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
        <p className="status-line" role="status">
          {saved}
        </p>
      </form>
    </section>
  );
}
