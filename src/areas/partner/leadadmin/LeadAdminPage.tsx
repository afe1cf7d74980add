import { useState } from 'react';
import { useLoaderData, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { createSubmissionMachine, isBusy } from '../../../../machines/submission';
import { leadsApi, type LeadOption, type LeadOptionUpdate } from '../../../api/leads';
import { usePortal } from '../../../app/PortalContext';
import { DeleteControl } from '../../../shared/DeleteControl';
import { Dialog } from '../../../shared/Dialog';
import { ResultTable } from '../../../shared/ResultTable';
import { SubmitButton } from '../../../shared/SubmitButton';
import { OptionForm } from './OptionFields';
import './leadAdmin.css';

type Change = { label: string; id: number | null; body: LeadOptionUpdate };
const changeOption = createSubmissionMachine<Change>();

/** /leadadmin (super): the lead options partners tick on a lead; one in use is retired, not deleted. */
export default function LeadAdminPage() {
  const { options } = useLoaderData({ from: '/_signedIn/_validated/leadadmin' });
  const portal = usePortal();
  const router = useRouter();
  const api = leadsApi(portal.api);
  const [editing, setEditing] = useState<LeadOption | null>(null);
  // A new form (blank) once an option is added; a refused one keeps what was typed.
  const [added, setAdded] = useState(0);
  const actor = useActorRef(
    changeOption.provide({
      actors: {
        submit: fromPromise(({ input }) =>
          input.id === null ? api.createOption({ option: input.body.option ?? '', requirement: input.body.requirement ?? '' }) : api.updateOption(input.id, input.body),
        ),
      },
      actions: {
        succeeded: (_, { values }) => {
          if (values.id === null) setAdded((n) => n + 1);
          setEditing(null);
          void router.invalidate({ sync: true }).then(() => actor.send({ type: 'user.edit' }));
        },
      },
    }),
  );
  const busy = useSelector(actor, isBusy);
  const done = useSelector(actor, (s) => (s.context.result === undefined ? '' : (s.context.values?.label ?? '')));
  const send = (change: Change) => actor.send({ type: 'user.submit', values: change });
  const offered = options.filter((o) => !o.retired).length;

  return (
    <div className="lead-admin">
      <section className="card" aria-labelledby="lead-admin-title">
        <h1 id="lead-admin-title">Lead form Administration</h1>
        <p className="muted">
          The options partners can tick when they submit a lead, each with what it requires. Retiring an option takes it off the form and
          keeps it on the leads that chose it; only an option no lead has chosen can be deleted.
        </p>
        <h2 id="lead-option-add-title">Add an option</h2>
        <OptionForm
          key={added}
          id="new-option"
          busy={busy}
          onSubmit={(body) => send({ label: `“${body.option.trim()}” is added.`, id: null, body })}
          actions={<SubmitButton busy={busy} label="Add option" busyLabel="Saving…" />}
        />
        <p role="status" className="status-line">
          {busy ? 'Saving…' : done}
        </p>
      </section>

      <section className="card" aria-labelledby="lead-options-title">
        <h2 id="lead-options-title">
          Lead options ({offered} offered, {options.length - offered} retired)
        </h2>
        <ResultTable
          labelledBy="lead-options-title"
          rows={options}
          empty="No lead options yet: partners see none on the form. Add the first above."
          columns={[
            { header: 'Option', cell: (o) => o.option, cellId: (o) => `lead-option-${o.id}` },
            { header: 'Requirement', cell: (o) => o.requirement || '—' },
            { header: 'Status', cell: (o) => <span className={`badge badge--${o.retired ? 'muted' : 'ok'}`}>{o.retired ? 'Retired' : 'Offered'}</span> },
            {
              header: 'Actions',
              cell: (o) => (
                <div className="table__actions lead-admin__actions">
                  <button type="button" className="link-button" aria-describedby={`lead-option-${o.id}`} onClick={() => setEditing(o)}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="link-button"
                    aria-describedby={`lead-option-${o.id}`}
                    disabled={busy}
                    onClick={() => send({ label: `“${o.option}” is ${o.retired ? 'offered again' : 'retired'}.`, id: o.id, body: { retired: !o.retired } })}
                  >
                    {o.retired ? 'Offer again' : 'Retire'}
                  </button>
                  <DeleteControl id={`delete-option-${o.id}`} what="lead option" name={o.option} compact act={() => api.removeOption(o.id)} done={() => void router.invalidate()} />
                </div>
              ),
            },
          ]}
        />
      </section>

      {editing && (
        <Dialog title={`Edit ${editing.option}`} onClose={() => setEditing(null)}>
          <OptionForm
            id="edit-option"
            option={editing}
            busy={busy}
            onSubmit={(body) => send({ label: `“${body.option.trim()}” is saved.`, id: editing.id, body })}
            actions={
              <>
                <button type="button" className="button" onClick={() => setEditing(null)}>
                  Cancel
                </button>
                <SubmitButton busy={busy} label="Save changes" busyLabel="Saving…" />
              </>
            }
          />
        </Dialog>
      )}
    </div>
  );
}
