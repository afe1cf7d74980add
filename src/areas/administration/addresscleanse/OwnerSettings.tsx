import { Link } from '@tanstack/react-router';
import type { Group } from '../../../../contract/groups/entities';
import type { Retention } from '../../../../contract/bureau/entities';
import { RetentionSettings } from '../../../shared/RetentionSettings';

// /administration/addresscleanse for an account owner (the menu's Administration > Address Cleanse):
// the account's own cleanse settings. Prices are the provider's, set by admin and super.

export function OwnerSettings({ account, retention }: { account: Group | null; retention: Retention | null }) {
  return (
    <div className="bureau-admin">
      <section className="card" aria-labelledby="bureau-owner-title">
        <h1 id="bureau-owner-title">Address Cleanse administration{account ? `: ${account.name}` : ''}</h1>
        <p className="muted">
          Your account&rsquo;s settings for file cleansing. Upload, map, test and buy the results of a file under{' '}
          <Link to="/applications/addresscleanse">Applications &gt; Address Cleanse</Link>, where your files are listed.
        </p>
        {!retention && (
          <p className="bureau-admin__note" role="note">
            File cleansing is for UK accounts. Switch to a UK account to set how long its files are kept.
          </p>
        )}
      </section>
      {retention && account && <RetentionSettings accountId={account.id} retention={retention} />}
    </div>
  );
}
