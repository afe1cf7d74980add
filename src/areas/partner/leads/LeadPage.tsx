import { useState } from 'react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { dqServiceLabels } from '../../../../contract/shared/catalogue';
import { isLeadOpen, leadStatusLabels } from '../../../../contract/shared/leads';
import { createSubmissionMachine, isBusy } from '../../../../machines/submission';
import { leadsApi, type Lead, type LeadDetail, type LeadUpdate } from '../../../api/leads';
import { usePortal } from '../../../app/PortalContext';
import { formatAddress } from '../../../shared/AddressFields';
import { DeleteControl } from '../../../shared/DeleteControl';
import { formatDate } from '../../../shared/format';
import { LeadForm } from './LeadForm';
import { LeadHistory, LeadStatusControl } from './LeadStatusControl';
import { closeDateText, statusBadge } from './leadText';
import { useLeadPage } from './scope';
import './leads.css';

const saveLead = createSubmissionMachine<{ id: number; body: LeadUpdate }, Lead>();

/** /partner/leads/{leadId} and /home/leads/{leadId}: a lead, its edit and delete, and for staff its status. */
export default function LeadPage() {
  const { scope, data } = useLeadPage();
  const { lead, options, staff } = data;
  const portal = usePortal();
  const router = useRouter();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const actor = useActorRef(
    saveLead.provide({
      actors: { submit: fromPromise(({ input }) => leadsApi(portal.api).update(input.id, input.body)) },
      actions: {
        succeeded: () => {
          void router.invalidate({ sync: true }).then(() => {
            setEditing(false);
            actor.send({ type: 'user.edit' });
          });
        },
      },
    }),
  );
  const busy = useSelector(actor, isBusy);
  const saved = useSelector(actor, (s) => s.context.result !== undefined);
  // A won or lost lead is the partner's no more (contract/shared/leads.ts); staff may still change it.
  const changeable = staff || isLeadOpen(lead.status);

  return (
    <div className="lead-page">
      <section className="card" aria-labelledby="lead-title">
        <div className="card__header">
          <div>
            <h1 id="lead-title">{lead.companyName}</h1>
            <p className="badges">
              <span className={`badge badge--${statusBadge(lead.status)}`}>{leadStatusLabels[lead.status]}</span>
              <span className="badge badge--muted">Lead {lead.id}</span>
              {staff && <span className="badge badge--muted">{lead.partnerName}</span>}
            </p>
          </div>
          {changeable && !editing && (
            <div className="form__row">
              <button type="button" className="button" onClick={() => setEditing(true)}>
                Edit lead
              </button>
              <DeleteControl id="delete-lead" what="lead" name={lead.companyName} act={() => leadsApi(portal.api).remove(lead.id)} done={() => void router.invalidate().then(() => navigate({ to: scope.back }))} />
            </div>
          )}
        </div>
        {!changeable && <p className="muted">This lead is {leadStatusLabels[lead.status].toLowerCase()}: it can no longer be changed. Submit a new lead for a new opportunity.</p>}
        <p role="status" className="status-line">
          {saved && !editing ? 'The lead is saved.' : ''}
        </p>
        {editing ? (
          <LeadForm
            lead={lead}
            options={options}
            busy={busy}
            submitLabel="Save changes"
            onSubmit={(body) => actor.send({ type: 'user.submit', values: { id: lead.id, body } })}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <LeadDetails lead={lead} />
        )}
        <p>
          <Link to={scope.back}>{scope.backLabel}</Link>
        </p>
      </section>
      {staff && <LeadStatusControl lead={lead} />}
      <LeadHistory history={lead.history} />
    </div>
  );
}

function LeadDetails({ lead }: { lead: LeadDetail }) {
  const rows: Array<[string, string]> = [
    ['Contact', lead.contactName],
    ['Job title', lead.jobTitle],
    ['Division', lead.division],
    ['Email', lead.email],
    ['Phone number', lead.phoneNumber],
    ['Company address', formatAddress(lead.companyAddress)],
    ['Services', lead.services.map((s) => dqServiceLabels[s]).join(', ')],
    ['Integrations', lead.integrations],
    ['Enrichments', lead.enrichments],
    ['Cleansing', lead.cleansing],
    ['Probability', `${lead.probability}%`],
    ['Opened', formatDate(lead.openDate)],
    ['Close date', closeDateText(lead.closeDate)],
    ['Joint meeting', lead.jointMeeting ? 'Yes' : 'No'],
    ['Lead options', lead.options.map((o) => `${o.option}${o.retired ? ' (retired)' : ''}`).join(', ')],
    ['Description', lead.description],
    ['Last updated', formatDate(lead.updateTimestamp)],
  ];
  return (
    <dl className="details lead-details">
      {rows.map(([term, value]) => (
        <div key={term} className="lead-details__row">
          <dt>{term}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
