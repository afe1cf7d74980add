import { Link, useNavigate } from '@tanstack/react-router';
import { leadsApi, type Lead, type LeadInput } from '../../../api/leads';
import { usePortal } from '../../../app/PortalContext';
import { useSubmitThenGo } from '../../../shared/useSubmitThenGo';
import { LeadForm } from './LeadForm';
import { useCreateLeadPage } from './scope';
import './leads.css';

/** /partner/leads/createlead and /home/createlead: a new lead for the selected partner. */
export default function CreateLead() {
  const { scope, data } = useCreateLeadPage();
  const { partner, options } = data;
  const portal = usePortal();
  const navigate = useNavigate();
  const { actor, busy } = useSubmitThenGo(
    (input: LeadInput): Promise<Lead> => leadsApi(portal.api).create(partner.id, input),
    (result) => navigate({ to: scope.lead, params: { leadId: result.id } }),
  );

  return (
    <section className="card lead-page" aria-labelledby="create-lead-title">
      <h1 id="create-lead-title">Create a lead</h1>
      <p className="muted">
        Tell us about a company that could use our services, for {partner.name}. We contact it, keep you informed as the lead moves on, and
        you can change the lead until it is won or lost. The company name, the contact's name and email, a service and the close date are required; the rest helps us prepare.
      </p>
      <LeadForm options={options} busy={busy} submitLabel="Create lead" onSubmit={(body) => actor.send({ type: 'user.submit', values: body })} />
      <p>
        <Link to={scope.back}>{scope.backLabel}</Link>
      </p>
    </section>
  );
}
