import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import {
  accessLevelLabels,
  can,
  higherRoleRefusal,
  mayActOnRole,
  mayLockUsers,
  ownersManageOwnersRefusal,
  type AccessLevel,
} from '../../../contract/shared/access';
import type { UserPermission } from '../../api/groups';
import { usePortal } from '../../app/PortalContext';
import { levelOf, levelsOffered, mayRemove } from './levels';
import { useAdmin, useEditUserData } from './scope';
import { useAction } from '../../shared/useAction';


/**
 * Privacy settings are the notification permissions, grouped under their parent permission or,
 * for those with none, under 'General' (spec section 6).
 */
function privacyGroups(list: UserPermission[]): Array<{ heading: string; items: UserPermission[] }> {
  const general = list.filter((p) => !p.children?.length);
  const parents = list.filter((p) => p.children?.length);
  return [...(general.length ? [{ heading: 'General', items: general }] : []), ...parents.map((p) => ({ heading: p.name, items: p.children! }))];
}

/** /administration/account/edituser/{userId}: access level, services, privacy and lock of one user. */
export default function AccountEditUser() {
  const { data, scope } = useAdmin();
  const { group, users } = data;
  const { groupId, access, services, userServices, member, privacy, locked, roles } = useEditUserData();
  const { groupsApi, session } = usePortal();
  const me = useSelector(session, (s) => s.context.user);
  const { run: runAction, busy, done } = useAction();
  // The confirmation shows in the section whose control made the change, next to it.
  const [section, setSection] = useState<'access' | 'services' | 'privacy' | 'lock'>('access');
  const inSection = (where: typeof section) => (label: string, call: () => Promise<unknown>) => {
    setSection(where);
    runAction(label, call);
  };
  const status = (where: typeof section) => (
    <p role="status" className="status-line">
      {section === where ? (busy ? 'Saving…' : done) : ''}
    </p>
  );
  const enabled = new Set(userServices.map((s) => s.serviceId));
  // Only what the server accepts is offered (contract/shared/access.ts): a sudo owner never grants
  // owner nor changes or removes an owner; members and managers change nothing.
  const manage = can(me, group, 'manage');
  const myLevel = levelOf(users, me.id);
  const self = member.id === me.id;
  const levels = levelsOffered(me, myLevel, access.accessLevel, group.type);
  const levelFixed = !manage || self || levels.every((l) => l === access.accessLevel);
  const removable = manage && mayRemove(me, myLevel, access.accessLevel);
  // Staff lock users of their own role or lower (roles are read for staff only).
  const outranked = roles !== null && !mayActOnRole(me, { roles });
  const mayLock = mayLockUsers(me) && !outranked;
  // Why staff who read the lock may not change it (owners are not shown the lock at all).
  const lockReason = locked === null ? null : outranked ? `${higherRoleRefusal}.` : mayLockUsers(me) ? null : 'Only admin and super can lock a user.';

  return (
    <div>
      <section className="card" aria-labelledby="edit-user-title">
        <div className="card__header">
          <div>
            <h1 id="edit-user-title">{member.personalName || member.name}</h1>
            <p className="muted">
              {member.email} in {group.name}
            </p>
          </div>
          <Link to={scope.links.home} className="button">
            Back to the {group.type}
          </Link>
        </div>
        <div className="field field--inline">
          <label htmlFor="access-level">Access level</label>
          <select
            id="access-level"
            value={access.accessLevel ?? ''}
            disabled={busy || levelFixed}
            aria-describedby={levelFixed && !self && manage ? 'access-level-reason' : undefined}
            onChange={(e) => {
              const level = e.target.value as AccessLevel;
              inSection('access')(`Access level changed to ${level}.`, () => groupsApi.setAccess(groupId, member.id, level));
            }}
          >
            {access.accessLevel === null && <option value="">None</option>}
            {levels.map((l) => (
              <option key={l} value={l}>
                {accessLevelLabels[l]}
              </option>
            ))}
          </select>
          {levelFixed && !self && manage && (
            <small id="access-level-reason" className="reason">
              {ownersManageOwnersRefusal}.
            </small>
          )}
          {access.inherited && <small className="muted">Inherited from a parent group; a level set here applies to this {group.type} only.</small>}
        </div>
        {status('access')}
      </section>

      <section className="card" aria-labelledby="services-title">
        <h2 id="services-title">Services</h2>
        <p className="muted">
          A ticked service is one this user may use in {group.name}; an unticked one is not available to them here. None is
          ticked until someone who manages the {group.type} turns it on.
        </p>
        {services.length === 0 ? (
          <p className="muted">No services are available.</p>
        ) : (
          <ul className="checklist">
            {services.map((s) => (
              <li key={s.id}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={enabled.has(s.id)}
                    disabled={busy}
                    onChange={(e) => {
                      const on = e.target.checked;
                      inSection('services')(`${s.name} ${on ? 'enabled' : 'disabled'}.`, () => groupsApi.setUserService(groupId, member.id, s.id, on));
                    }}
                  />
                  <span>
                    <strong>{s.name}</strong> <span className="muted">{s.description}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {status('services')}
      </section>

      <section className="card" aria-labelledby="privacy-title">
        <h2 id="privacy-title">Privacy settings</h2>
        {privacy.length === 0 ? (
          <p className="muted">Only {member.personalName || member.email} can change their privacy settings.</p>
        ) : (
          privacyGroups(privacy).map((g) => (
            <fieldset key={g.heading} className="fieldset">
              <legend>{g.heading}</legend>
              {g.items.map((p) => (
                <label key={p.id} className="checkbox">
                  <input
                    type="checkbox"
                    checked={p.enabled}
                    disabled={busy}
                    onChange={(e) => {
                      const on = e.target.checked;
                      inSection('privacy')(`${p.name} ${on ? 'on' : 'off'}.`, () => groupsApi.setUserPermission(member.id, p.id, on));
                    }}
                  />
                  {p.name}
                </label>
              ))}
            </fieldset>
          ))
        )}
        {status('privacy')}
      </section>

      {member.id !== me.id && (
        <section className="card" aria-labelledby="lock-title">
          <h2 id="lock-title">Access to the portal</h2>
          {locked !== null && (
            <p data-testid="lock-state">
              {locked ? (
                <>
                  <span className="badge badge--danger">Locked</span> {member.email} cannot log in.
                </>
              ) : (
                <>
                  <span className="badge badge--ok">Active</span> {member.email} can log in.
                </>
              )}
            </p>
          )}
          <div className="form__row">
            {mayLock && locked === false && (
              <button type="button" className="button" disabled={busy} onClick={() => inSection('lock')('User locked.', () => groupsApi.lockUser(member.id, true))}>
                Lock user
              </button>
            )}
            {mayLock && locked === true && (
              <button type="button" className="button" disabled={busy} onClick={() => inSection('lock')('User unlocked.', () => groupsApi.lockUser(member.id, false))}>
                Unlock user
              </button>
            )}
            {removable && !access.inherited && (
              <button
                type="button"
                className="button button--danger"
                disabled={busy}
                onClick={() => {
                  if (window.confirm(`Remove ${member.email} from ${group.name}?`)) inSection('lock')('User removed.', () => groupsApi.removeUser(groupId, member.id));
                }}
              >
                Remove from {group.type}
              </button>
            )}
          </div>
          {lockReason && <p className="reason">{lockReason}</p>}
          {manage && !removable && <p className="reason">Only an owner can remove an owner.</p>}
          {removable && access.inherited && <p className="reason">Their access comes from a group above this {group.type}: remove them there.</p>}
          {status('lock')}
        </section>
      )}
    </div>
  );
}
