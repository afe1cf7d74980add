import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { can } from '../../../contract/shared/access';
import type { ResponseOf } from '../../../contract/endpoint';
import type { getGroupTwoFactor } from '../../../contract/security/endpoints';
import type { GroupDetails } from '../../api/groups';

type GroupTwoFactor = ResponseOf<typeof getGroupTwoFactor>;
import { usePortal } from '../../app/PortalContext';
import { CharitySection } from './CharitySection';
import { useAction } from '../../shared/useAction';

/**
 * An organisation's status: corporate (spec sections 4 and 5), charity, and for admin and super
 * its place under a partner. The server decides what may change; a refusal (the spec's corporate
 * errors among them) reaches the user through the Error modal of the API client.
 */
export function OrganisationStatus({ group, twoFactor }: { group: GroupDetails; twoFactor: GroupTwoFactor | null }) {
  const { session } = usePortal();
  const me = useSelector(session, (s) => s.context.user);
  const admin = can(me, group, 'admin');
  return (
    <section className="card" aria-labelledby="status-title">
      <h2 id="status-title">Organisation status</h2>
      <div className="status-grid">
        <CorporateSection group={group} />
        <CharitySection group={group} />
        {twoFactor && <TwoFactorSection group={group} twoFactor={twoFactor} />}
        {admin && <PartnerSection group={group} />}
      </div>
    </section>
  );
}

/** The owners' choice: everyone in the organisation and its accounts signs in with a second factor. */
function TwoFactorSection({ group, twoFactor }: { group: GroupDetails; twoFactor: GroupTwoFactor }) {
  const { security } = usePortal();
  const { run, busy, done } = useAction({ refreshGroups: false });
  const { required, membersWithout } = twoFactor;
  const without = membersWithout === 1 ? '1 member has' : `${membersWithout} members have`;
  return (
    <div className="status-block" role="group" aria-labelledby="two-factor-title">
      <h3 id="two-factor-title">Two-factor sign-in</h3>
      <p className="status-block__state">
        <span className={`badge ${required ? 'badge--ok' : 'badge--muted'}`}>{required ? 'Required' : 'Optional'}</span>
      </p>
      <p className="muted">
        {required
          ? `Everyone in ${group.name} and its accounts signs in with an authenticator app or a passkey after the password.`
          : 'Members choose for themselves whether to use a second factor.'}{' '}
        {membersWithout > 0 && `${without} no second factor yet${required ? ': they add one the next time they sign in' : ''}.`}
      </p>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() =>
          required
            ? run('Two-factor sign-in is now optional.', () => security.setGroupTwoFactor(group.id, false))
            : run('Two-factor sign-in is now required.', () => security.setGroupTwoFactor(group.id, true))
        }
      >
        {required ? 'Make it optional' : 'Require two-factor sign-in'}
      </button>
      <p role="status" className="status-line">
        {busy ? 'Saving…' : done}
      </p>
    </div>
  );
}

function CorporateSection({ group }: { group: GroupDetails }) {
  const { session, groupsApi } = usePortal();
  const manage = useSelector(session, (s) => can(s.context.user, group, 'manage'));
  const { run, busy, done } = useAction();
  const corporate = group.subtype === 'corporate';
  return (
    <div className="status-block" role="group" aria-labelledby="corporate-title">
      <h3 id="corporate-title">Corporate</h3>
      <p className="status-block__state">
        <span className={`badge ${corporate ? 'badge--ok' : 'badge--muted'}`}>{corporate ? 'Corporate' : 'Not corporate'}</span>
      </p>
      <p className="muted">{corporate ? 'This organisation has corporate status.' : 'This organisation does not have corporate status.'}</p>
      {manage && (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            corporate
              ? run('Corporate status turned off.', () => groupsApi.disableCorporate(group.id))
              : run('Corporate status turned on.', () => groupsApi.enableCorporate(group.id))
          }
        >
          {corporate ? 'Turn off corporate status' : 'Turn on corporate status'}
        </button>
      )}
      <p role="status" className="status-line">
        {busy ? 'Saving…' : done}
      </p>
    </div>
  );
}

/** admin and super: a root organisation becomes a partner; one under a partner leaves it. */
function PartnerSection({ group }: { group: GroupDetails }) {
  const { groupsApi } = usePortal();
  const { run, busy, done } = useAction();
  // The choice in the select before it is sent: form state, not business state.
  const [partnerType, setPartnerType] = useState('');
  return (
    <div className="status-block" role="group" aria-labelledby="partner-title">
      <h3 id="partner-title">Partner</h3>
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
      <p role="status" className="status-line">
        {busy ? 'Saving…' : done}
      </p>
    </div>
  );
}
