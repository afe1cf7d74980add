import { Await, Link } from '@tanstack/react-router';
import { leadStatusLabels } from '../../../contract/shared/leads';
import type { loadHomeLeads } from './leads';

type HomeLeadsData = Awaited<ReturnType<typeof loadHomeLeads>>;

/** The partner's latest leads on the home page, each opening at /home/leads/{leadId}, and Submit a lead. */
export function HomeLeads({ leads, partnerName }: { leads: Promise<HomeLeadsData>; partnerName: string }) {
  return (
    <Await promise={leads} fallback={null}>
      {(data) =>
        data && (
          <section className="card" aria-labelledby="home-leads-title" id="home-leads">
            <div className="card__header">
              <h2 id="home-leads-title">Leads of {partnerName}</h2>
              <Link to="/home/createlead" className="button button--primary">
                Submit a lead
              </Link>
            </div>
            {data.failed ? (
              <p className="muted">Your leads could not be loaded just now. They are under Partner, Leads.</p>
            ) : data.leads.length === 0 ? (
              <p className="muted">No leads yet. Introduce a company that could use our services: we take it from there.</p>
            ) : (
              <ul className="next-steps">
                {data.leads.map((l) => (
                  <li key={l.id}>
                    <Link to="/home/leads/$leadId" params={{ leadId: l.id }}>
                      {l.companyName}
                    </Link>
                    <span className="muted"> {leadStatusLabels[l.status]}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )
      }
    </Await>
  );
}
