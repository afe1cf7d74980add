import { useState, type FormEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { leadStatusLabels, leadTextLimits, leadTransitions, type LeadStatus } from '../../../../contract/shared/leads';
import { createSubmissionMachine, isBusy } from '../../../../machines/submission';
import { leadsApi, type LeadDetail, type LeadMove } from '../../../api/leads';
import { usePortal } from '../../../app/PortalContext';
import { formatDateTime } from '../../../shared/format';

const moveLead = createSubmissionMachine<LeadMove, LeadDetail>();

/** Staff move a lead to one of the statuses it may go to next (contract/shared/leads.ts), with a note for the partner. */
export function LeadStatusControl({ lead }: { lead: LeadDetail }) {
  const portal = usePortal();
  const router = useRouter();
  const next = leadTransitions[lead.status];
  const [picked, setStatus] = useState<LeadStatus>(next[0]);
  // After a move the choices are the new status's: a pick no longer among them falls back to the first.
  const status = next.includes(picked) ? picked : next[0];
  const actor = useActorRef(
    moveLead.provide({
      actors: { submit: fromPromise(({ input }) => leadsApi(portal.api).move(lead.id, input)) },
      actions: { succeeded: () => void router.invalidate({ sync: true }).then(() => actor.send({ type: 'user.edit' })) },
    }),
  );
  const busy = useSelector(actor, isBusy);
  const moved = useSelector(actor, (s) => s.context.result);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const note = String(new FormData(e.currentTarget).get('note') ?? '');
    actor.send({ type: 'user.submit', values: { status, note } });
    e.currentTarget.reset();
  };
  return (
    <section className="card" aria-labelledby="lead-status-title">
      <h2 id="lead-status-title">Status</h2>
      <p className="muted">
        The lead is <strong>{leadStatusLabels[lead.status]}</strong>. Move it on when it does; the partner&apos;s owners are emailed with your note.
      </p>
      <form className="lead-status" onSubmit={submit} aria-busy={busy}>
        <div className="field">
          <label htmlFor="lead-next-status">New status</label>
          <select id="lead-next-status" value={status} onChange={(e) => setStatus(next.find((s) => s === e.currentTarget.value) ?? next[0])}>
            {next.map((s) => (
              <option key={s} value={s}>
                {leadStatusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--wide">
          <label htmlFor="lead-status-note">Note to the partner</label>
          <textarea id="lead-status-note" name="note" rows={2} maxLength={leadTextLimits.note} />
        </div>
        <div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Change status'}
          </button>
        </div>
      </form>
      <p role="status" className="status-line">
        {moved ? `The lead is now ${leadStatusLabels[moved.status]}.` : ''}
      </p>
    </section>
  );
}

/** Every move of the lead's status, oldest first. */
export function LeadHistory({ history }: { history: LeadDetail['history'] }) {
  if (history.length === 0) return null;
  return (
    <section className="card" aria-labelledby="lead-history-title">
      <h2 id="lead-history-title">History</h2>
      <ol className="lead-history">
        {history.map((h) => (
          <li key={`${h.at}-${h.to}`}>
            <span className="nowrap">{formatDateTime(h.at)}</span>: {h.from ? `${leadStatusLabels[h.from]} to ${leadStatusLabels[h.to]}` : `Submitted (${leadStatusLabels[h.to]})`}
            {h.userName && <span className="muted"> by {h.userName}</span>}
            {h.note && <p className="lead-history__note">{h.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
