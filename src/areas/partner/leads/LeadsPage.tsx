import type { FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from '@tanstack/react-router';
import { leadStatusLabels, leadStatuses } from '../../../../contract/shared/leads';
import { downloadCsv } from '../../../shared/csv';
import { formatDate } from '../../../shared/format';
import { PageTour } from '../../../shared/helptips/PageTour';
import { leadsTour, leadsTourTargets as targets } from '../../../shared/helptips/tours/leads';
import { ResultTable } from '../../../shared/ResultTable';
import { closeDateText, leadCsvRows, servicesText, statusBadge } from './leadText';
import './leads.css';

/** /partner/leads: the partner's leads (staff: every partner's), filtered by status, with CSV export. */
export default function LeadsPage() {
  const { partner, staff, status, problem, total, leads } = useLoaderData({ from: '/_signedIn/_validated/partner/leads/' });
  const navigate = useNavigate();
  const filter = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const chosen = String(new FormData(e.currentTarget).get('status') ?? '');
    void navigate({ to: '/partner/leads', search: chosen ? { status: chosen } : {} });
  };
  const create = (id?: string) => (
    <Link id={id} to="/partner/leads/createlead" className="button button--primary">
      Create lead
    </Link>
  );

  return (
    <div className="leads-page">
      <section className="card" aria-labelledby="leads-title">
        <div className="card__header">
          <div>
            <h1 id="leads-title">{staff ? 'Leads of every partner' : `Leads of ${partner.name}`}</h1>
            <p className="muted">
              {staff
                ? 'Every lead partners have submitted. Open one to move it through its statuses; its partner is told each time.'
                : 'The companies you have introduced to us, and where each one stands. Open a lead to change it while it is open. Dates are dd/mm/yyyy.'}
            </p>
          </div>
          {create(targets.create)}
        </div>
        {total > 0 && (
          <form key={status ?? ''} id={targets.filter} className="leads__filters" onSubmit={filter} aria-label="Filter the leads">
            <div className="field">
              <label htmlFor="leads-status">Status</label>
              <select id="leads-status" name="status" defaultValue={status ?? ''}>
                <option value="">Any status</option>
                {leadStatuses.map((s) => (
                  <option key={s} value={s}>
                    {leadStatusLabels[s]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button">
              Show
            </button>
          </form>
        )}
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </section>

      {total === 0 ? (
        <section className="card empty-state" aria-labelledby="no-leads-title">
          <h2 id="no-leads-title">No leads yet</h2>
          <p>
            {staff
              ? 'No partner has submitted a lead yet.'
              : 'Introduce a company that could use address, email, bank or name validation: we take it from there and you see its progress here.'}
          </p>
          <div className="form__row form__row--spaced">{create()}</div>
        </section>
      ) : (
        <section className="card" aria-labelledby="leads-list-title" id={targets.table}>
          <div className="leads__head">
            <h2 id="leads-list-title">{status ? `${leadStatusLabels[status]} leads (${leads.length})` : `All leads (${leads.length})`}</h2>
            {leads.length > 0 && (
              <button type="button" className="button button--small" onClick={() => downloadCsv('Leads.csv', leadCsvRows(leads, staff))}>
                Export CSV
              </button>
            )}
          </div>
          <ResultTable
            stack
            labelledBy="leads-list-title"
            rows={leads}
            empty={status ? `No lead is ${leadStatusLabels[status].toLowerCase()}. Choose another status, or any status.` : 'No leads.'}
            columns={[
              {
                header: 'Company',
                cell: (l) => (
                  <Link to="/partner/leads/$leadId" params={{ leadId: l.id }}>
                    {l.companyName}
                  </Link>
                ),
              },
              staff && { header: 'Partner', cell: (l) => l.partnerName },
              { header: 'Contact', cell: (l) => l.contactName },
              { header: 'Services', cell: (l) => servicesText(l) },
              { header: 'Opened', cell: (l) => formatDate(l.openDate), className: 'nowrap' },
              { header: 'Close date', cell: (l) => closeDateText(l.closeDate), className: 'nowrap' },
              { header: 'Status', cell: (l) => <span className={`badge badge--${statusBadge(l.status)}`}>{leadStatusLabels[l.status]}</span> },
            ]}
          />
        </section>
      )}
      {total > 0 && !staff && <PageTour tour={leadsTour} />}
    </div>
  );
}
