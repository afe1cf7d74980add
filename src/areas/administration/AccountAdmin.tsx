import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { accessLevelLabels, can, groupTypeLabels } from '../../../contract/shared/access';
import { territoryLabels } from '../../../contract/shared/territory';
import { usePortal } from '../../app/PortalContext';
import { formatAddress } from '../../shared/AddressFields';
import { formatDate } from '../../shared/format';
import { ResultSection } from '../../shared/ResultTable';
import { formValues } from '../../shared/Field';
import { useAdmin } from './scope';
import { useGroupAction } from './useGroupAction';

/** /administration/account and /partner/administration: the group, its users and its status. */
export default function AccountAdmin() {
  const { data, scope } = useAdmin();
  const { group, users } = data;
  const { session, groupsApi } = usePortal();
  const me = useSelector(session, (s) => s.context.user);
  const staff = can(me, group, 'staff');
  const canManage = can(me, group, 'manage');
  const admin = can(me, group, 'admin');
  const { run, busy, done } = useGroupAction();
  const [partnerType, setPartnerType] = useState('');
  const address = formatAddress(group);
  const corporate = group.subtype === 'corporate';

  const setCharity = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const number = formValues(e.currentTarget).charityPSLNumber.trim();
    run('Charity number saved; it is now in verification.', () => groupsApi.updateCharity(group.id, { charityPSLNumber: number, isInVerifyProcess: true }));
  };

  return (
    <div>
      <section className="card" aria-labelledby="account-title">
        <div className="card__header">
          <div>
            <h1 id="account-title">{group.name}</h1>
            <p className="badges">
              <span className="badge badge--muted">{groupTypeLabels[group.type]}</span>
              <span className="badge badge--muted">{territoryLabels[group.territory]}</span>
              {group.pendingOwnership && <span className="badge badge--warning">Pending Ownership</span>}
              {corporate && <span className="badge badge--ok">Corporate</span>}
              {group.subtype === 'referrer' && <span className="badge badge--muted">Referrer</span>}
              {group.charityPSLNumber && (
                <span className={`badge ${group.isInVerifyProcess ? 'badge--warning' : group.charityValid ? 'badge--ok' : 'badge--muted'}`}>
                  Charity {group.isInVerifyProcess ? 'in verification' : group.charityValid ? 'confirmed' : 'not confirmed'}
                </span>
              )}
            </p>
          </div>
          {canManage && (
            <div className="form__row">
              <Link to={scope.links.edit} className="button">
                Edit details
              </Link>
              <Link to={scope.links.invite} className="button button--primary">
                Invite a user
              </Link>
            </div>
          )}
        </div>
        <dl className="details">
          <dt>Address</dt>
          <dd>{address || '—'}</dd>
          <dt>Group id</dt>
          <dd>{group.id}</dd>
          <dt>Created</dt>
          <dd>{formatDate(group.createTimestamp)}</dd>
          <dt>Last updated</dt>
          <dd>{formatDate(group.updateTimestamp)}</dd>
        </dl>
        <p role="status" className="status-line">
          {busy ? 'Saving…' : done}
        </p>
      </section>

      <ResultSection
        id="users"
        title="Users"
        rows={users}
        empty={`No users yet. Invite someone to work in this ${group.type}.`}
        columns={[
          { header: 'Name', cell: (u) => u.personalName || u.name },
          { header: 'Email', cell: (u) => u.email },
          {
            header: 'Access',
            cell: (u) => (
              <>
                {accessLevelLabels[u.accessLevel]}
                {u.inherited && <span className="muted"> (from a parent group)</span>}
              </>
            ),
          },
          canManage && {
            header: 'Actions',
            className: 'table__actions',
            cell: (u) => (
              <>
                <Link to={scope.links.editUser} params={{ userId: u.id }}>
                  Edit
                </Link>
                {!u.inherited && u.id !== me.id && (
                  <button
                    type="button"
                    className="link-button"
                    disabled={busy}
                    onClick={() => {
                      if (window.confirm(`Remove ${u.email} from ${group.name}?`)) {
                        run(`${u.email} was removed.`, () => groupsApi.removeUser(group.id, u.id));
                      }
                    }}
                  >
                    Remove
                  </button>
                )}
              </>
            ),
          },
        ]}
      />

      {canManage && group.type === 'organisation' && (
        <section className="card" aria-labelledby="status-title">
          <h2 id="status-title">Organisation status</h2>
          <div className="status-grid">
            <div>
              <h3>Corporate</h3>
              <p className="muted">{corporate ? 'This organisation has corporate status.' : 'This organisation is not corporate.'}</p>
              {staff && (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() =>
                    corporate
                      ? run('Corporate status disabled.', () => groupsApi.disableCorporate(group.id))
                      : run('Corporate status enabled.', () => groupsApi.enableCorporate(group.id))
                  }
                >
                  {corporate ? 'Disable corporate status' : 'Enable corporate status'}
                </button>
              )}
            </div>
            <div>
              <h3>Charity</h3>
              {group.charityPSLNumber ? (
                <>
                  <p>
                    Number <strong>{group.charityPSLNumber}</strong>:{' '}
                    {group.isInVerifyProcess ? 'in verification' : group.charityValid ? 'confirmed valid' : 'confirmed invalid'}.
                  </p>
                  <div className="form__row">
                    {staff && group.isInVerifyProcess && (
                      <>
                        <button
                          type="button"
                          className="button"
                          disabled={busy}
                          onClick={() => run('Charity confirmed valid.', () => groupsApi.confirmCharity(group.id, { charityPSLNumber: group.charityPSLNumber!, isValid: true }))}
                        >
                          Confirm valid
                        </button>
                        <button
                          type="button"
                          className="button"
                          disabled={busy}
                          onClick={() => run('Charity confirmed invalid.', () => groupsApi.confirmCharity(group.id, { charityPSLNumber: group.charityPSLNumber!, isValid: false }))}
                        >
                          Confirm invalid
                        </button>
                      </>
                    )}
                    <button type="button" className="button" disabled={busy} onClick={() => run('Charity status disabled.', () => groupsApi.disableCharity(group.id))}>
                      Disable charity status
                    </button>
                  </div>
                </>
              ) : (
                <form className="form form--inline" onSubmit={setCharity}>
                  <label htmlFor="charity-number">Charity number</label>
                  <input id="charity-number" name="charityPSLNumber" required maxLength={50} />
                  <button type="submit" className="button" disabled={busy}>
                    Set charity number
                  </button>
                </form>
              )}
            </div>
            {admin && (
              <div>
                <h3>Partner</h3>
                {group.parentId === null ? (
                  <form
                    className="form form--inline"
                    onSubmit={(e) => {
                      e.preventDefault();
                      run('The organisation is now a partner.', () => groupsApi.orgToPartner(group.id, partnerType));
                    }}
                  >
                    <label htmlFor="partner-type">Partner type</label>
                    <select id="partner-type" value={partnerType} onChange={(e) => setPartnerType(e.target.value)}>
                      <option value="">Standard</option>
                      <option value="corporate">Corporate</option>
                      <option value="referrer">Referrer</option>
                    </select>
                    <button type="submit" className="button" disabled={busy}>
                      Migrate to a partner
                    </button>
                  </form>
                ) : (
                  <button type="button" className="button" disabled={busy} onClick={() => run('Removed from its partner.', () => groupsApi.removeFromPartner(group.id))}>
                    Remove from partner
                  </button>
                )}
              </div>
            )}
          </div>
        </section>
      )}

      {staff && group.type === 'account' && (
        <section className="card" aria-labelledby="danger-title">
          <h2 id="danger-title">Delete this account</h2>
          <p className="muted">An account can be deleted only when nothing depends on it.</p>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() =>
              run('The account was deleted.', async () => {
                if (!(await groupsApi.canDelete(group.id))) throw new Error('This account cannot be deleted');
                if (!window.confirm(`Delete ${group.name}? This cannot be undone.`)) return;
                await groupsApi.deleteGroup(group.id);
              })
            }
          >
            Delete account
          </button>
        </section>
      )}
    </div>
  );
}
