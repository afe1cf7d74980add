import { Link, useLoaderData } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { territoryLabels } from '../../../contract/shared/territory';
import { detailsRefusal } from '../../shared/userRules';
import { usePortal } from '../../app/PortalContext';
import { HelpTipsSettings } from '../../shared/helptips/HelpTipsSettings';
import { formatAddress } from '../../shared/AddressFields';
import { formatDate } from '../../shared/format';


/** /user/{userId}: the user's details. */
export default function UserView() {
  const user = useLoaderData({ from: '/_signedIn/_validated/user/$userId' });
  const me = useSelector(usePortal().session, (s) => s.context.user);
  const own = me.id === user.id;
  // Staff read anyone, but change only whom the server lets them (contract/shared/access.ts).
  const refused = detailsRefusal(me, user);
  const address = formatAddress(user);
  return (
    <>
    <section className="card" aria-labelledby="user-title">
      <div className="card__header">
        <h1 id="user-title">{user.personalName || user.email}</h1>
        <div className="form__row">
          {!refused && (
            <Link to="/user/$userId/edit" params={{ userId: user.id }} className="button button--primary">
              Edit details
            </Link>
          )}
          {/* The password page changes the signed-in user's own password. */}
          {own && (
            <Link to="/user/updatePassword" className="button">
              Change password
            </Link>
          )}
          {own && (
            <Link to="/user/security" className="button">
              Sign-in security
            </Link>
          )}
          {own && (
            <Link to="/user/sessions" className="button">
              Signed-in sessions
            </Link>
          )}
          {refused && <p className="reason">{refused}</p>}
        </div>
      </div>
      <dl className="details">
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Company</dt>
        <dd>{user.companyName || '—'}</dd>
        <dt>Address</dt>
        <dd>{address || '—'}</dd>
        <dt>Territory</dt>
        <dd>{territoryLabels[user.territory]}</dd>
        <dt>Account status</dt>
        <dd>{user.locked ? 'Locked' : user.validated ? 'Validated' : 'Awaiting validation'}</dd>
        <dt>Member since</dt>
        <dd>{formatDate(user.createTimestamp)}</dd>
        <dt>Last updated</dt>
        <dd>{formatDate(user.updateTimestamp)}</dd>
      </dl>
    </section>
    {/* Help-tip choices belong to this browser: only on the user's own settings. */}
    {own && <HelpTipsSettings />}
    </>
  );
}
