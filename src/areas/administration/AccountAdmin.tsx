import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { accessLevelLabels, can, groupTypeLabels } from '../../../contract/shared/access';
import { territoryLabels } from '../../../contract/shared/territory';
import { plansApi } from '../../api/plans';
import { usePortal } from '../../app/PortalContext';
import { administrationPages } from '../../routing/menus';
import { formatAddress } from '../../shared/AddressFields';
import { formatDate } from '../../shared/format';
import { ResultSection } from '../../shared/ResultTable';
import { charityStatusOf } from './charity';
import { CharityBadge } from './CharitySection';
import { levelOf, mayRemove } from './levels';
import { OrganisationAccounts } from './OrganisationAccounts';
import { OrganisationStatus } from './OrganisationStatus';
import { useAdmin } from './scope';
import { useAction } from '../../shared/useAction';

/**
 * /administration/account, /administration/organisation and /partner/administration: the group, its
 * users and, for an organisation, its status and accounts. Controls show only where the access rules
 * of contract/shared/access.ts let the server accept them.
 */
export default function AccountAdmin() {
  const { data, scope } = useAdmin();
  const { group, users } = data;
  const { session, groups, groupsApi, api } = usePortal();
  const me = useSelector(session, (s) => s.context.user);
  const staff = can(me, group, 'staff');
  const canManage = can(me, group, 'manage');
  const myLevel = levelOf(users, me.id);
  const organisationPage = useSelector(groups, (g) => administrationPages(session.getSnapshot(), g).organisation);
  const { run, busy, done } = useAction();
  const address = formatAddress(group);
  const corporate = group.subtype === 'corporate';
  const organisation = group.type === 'organisation';
  // The account's organisation: this page administers the selected account, so it is the selected organisation.
  const parentOrganisation = group.type === 'account' && group.parent?.type === 'organisation' ? group.parent : null;

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
              {organisation && charityStatusOf(group) !== 'none' && <CharityBadge group={group} />}
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
          {parentOrganisation && (
            <>
              <dt>Organisation</dt>
              <dd>
                {organisationPage ? (
                  <Link to="/administration/organisation" title={`Administer ${parentOrganisation.name}`}>
                    {parentOrganisation.name}
                  </Link>
                ) : (
                  parentOrganisation.name
                )}
              </dd>
            </>
          )}
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

      {organisation && <OrganisationStatus group={group} twoFactor={data.twoFactor} />}
      {organisation && <OrganisationAccounts group={group} />}

      <ResultSection
        id="users"
        title="Users"
        stack
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
                {!u.inherited && u.id !== me.id && !mayRemove(me, myLevel, u.accessLevel) && (
                  <span className="reason">Only an owner can remove an owner</span>
                )}
                {!u.inherited && u.id !== me.id && mayRemove(me, myLevel, u.accessLevel) && (
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
                if (!(await plansApi(api).canDeleteAccount(group.id))) throw new Error('This account cannot be deleted');
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
