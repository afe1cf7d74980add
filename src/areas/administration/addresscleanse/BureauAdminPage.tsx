import { Link, useLoaderData } from '@tanstack/react-router';
import { JobChargesReport } from './JobChargesReport';
import { OwnerSettings } from './OwnerSettings';
import { PricesView } from './PricesView';
import { RoyaltyReport } from './RoyaltyReport';
import './bureauAdmin.css';

/**
 * /administration/addresscleanse: for admin and super the prices of file cleansing and the royalty and
 * job charge reports; for an owner the account's own settings.
 */
export default function BureauAdminPage() {
  const data = useLoaderData({ from: '/_signedIn/_validated/administration/addresscleanse/' });
  if (data.view === 'owner') return <OwnerSettings account={data.account} retention={data.retention} />;
  const shown = data.view === 'prices' ? undefined : data.view;
  const tab = (view: 'royalties' | 'jobs' | undefined, label: string) => (
    <Link
      to="/administration/addresscleanse"
      search={view ? { view } : {}}
      className={`tabs__tab${shown === view ? ' tabs__tab--active' : ''}`}
      aria-current={shown === view ? 'page' : undefined}
    >
      {label}
    </Link>
  );
  return (
    <div className="bureau-admin">
      <section className="card" aria-labelledby="bureau-admin-title">
        <h1 id="bureau-admin-title">Address Cleanse administration</h1>
        <p className="muted">
          What file cleansing costs in each territory, and what it earned and owes: charges per cost type for the data owners’ royalties,
          and the charges of each job.
        </p>
        <nav className="tabs bureau-admin__tabs" aria-label="Address Cleanse administration">
          {tab(undefined, 'Prices')}
          {tab('royalties', 'Royalty charges')}
          {tab('jobs', 'Job charges')}
        </nav>
      </section>
      {data.view === 'prices' && <PricesView data={data} />}
      {data.view === 'royalties' && <RoyaltyReport data={data} />}
      {data.view === 'jobs' && <JobChargesReport data={data} />}
    </div>
  );
}
