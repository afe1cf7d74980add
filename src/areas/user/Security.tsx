import { useLoaderData, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { SecurityEventKind } from '../../../contract/security/entities';
import { usePortal } from '../../app/PortalContext';
import { formatDateTime } from '../../shared/format';
import { ResultTable } from '../../shared/ResultTable';
import { PasskeySetup } from '../../shared/security/PasskeySetup';
import { PasswordConfirm } from '../../shared/security/PasswordConfirm';
import { RecoveryCodes } from '../../shared/security/RecoveryCodes';
import { TotpSetup } from '../../shared/security/TotpSetup';
import '../../shared/security/security.css';

const eventLabels: Record<SecurityEventKind, string> = {
  'totp.enrolled': 'Authenticator app added',
  'totp.removed': 'Authenticator app removed',
  'passkey.registered': 'Passkey added',
  'passkey.removed': 'Passkey removed',
  'recovery.generated': 'New recovery codes made',
  'recovery.used': 'Recovery code used',
  'session.ended': 'Session signed out',
  'sessions.endedOthers': 'Other sessions signed out',
  'group.twoFactorRequired': 'Two-factor required of a group',
  'group.twoFactorOptional': 'Two-factor no longer required of a group',
};

/**
 * /user/security: how the user signs in beyond the password. An authenticator app (TOTP), passkeys,
 * recovery codes, and the history of every change, each change mailed to them too.
 */
export default function Security() {
  const { status, events } = useLoaderData({ from: '/_signedIn/_validated/user/security' });
  const { security } = usePortal();
  const router = useRouter();
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const reload = () => void router.invalidate();
  const lastFactor = (status.totp ? 1 : 0) + status.passkeys.length === 1;
  const keepOne = status.required && lastFactor;

  return (
    <section className="card security" aria-labelledby="security-title">
      <h1 id="security-title">Sign-in security</h1>
      <p className="muted">
        A second factor keeps your account safe even if your password is stolen: after the password, the portal asks for a code from an
        authenticator app or for a passkey. A passkey can also sign you in on its own.
      </p>
      {status.required && (
        <p className="security__required" role="note">
          Two-factor sign-in is required {status.requiredBy.length ? `by ${status.requiredBy.join(', ')}` : 'for staff accounts'}: keep at least one second factor.
        </p>
      )}

      <section aria-labelledby="totp-title" className="security__part">
        <h2 id="totp-title">Authenticator app</h2>
        {status.totp ? (
          <>
            <p>
              <span className="badge badge--ok">On</span> Sign-in asks for the 6-digit code your app shows.
            </p>
            {keepOne ? (
              <p className="muted">Add a passkey before removing the app.</p>
            ) : (
              <PasswordConfirm label="Remove the app" confirmLabel="Remove" act={(password) => security.removeTotp(password).then(reload)} />
            )}
          </>
        ) : (
          <TotpSetup onDone={reload} />
        )}
      </section>

      <section aria-labelledby="passkeys-title" className="security__part">
        <h2 id="passkeys-title">Passkeys</h2>
        <ResultTable
          labelledBy="passkeys-title"
          stack
          rows={status.passkeys}
          empty="No passkeys yet. A passkey uses your device's screen lock (fingerprint, face or PIN) instead of a code."
          columns={[
            { header: 'Name', cell: (p) => p.name },
            { header: 'Added', cell: (p) => formatDateTime(p.createdAt) },
            { header: 'Last used', cell: (p) => (p.lastUsedAt ? formatDateTime(p.lastUsedAt) : 'Never') },
            {
              header: 'Actions',
              cell: (p) =>
                keepOne && !status.totp ? (
                  <span className="muted">Your only second factor</span>
                ) : (
                  <PasswordConfirm label={`Remove ${p.name}`} confirmLabel="Remove" act={(password) => security.removePasskey(p.id, password).then(reload)} />
                ),
            },
          ]}
        />
        <PasskeySetup onDone={reload} />
      </section>

      <section aria-labelledby="codes-title" className="security__part">
        <h2 id="codes-title">Recovery codes</h2>
        {newCodes ? (
          <RecoveryCodes codes={newCodes} doneLabel="Done" onDone={() => (setNewCodes(null), reload())} />
        ) : status.totp || status.passkeys.length ? (
          <>
            <p>
              {status.recoveryCodesLeft === 1 ? '1 recovery code is' : `${status.recoveryCodesLeft} recovery codes are`} left. Making new ones
              ends the old ones.
            </p>
            <PasswordConfirm
              label="Make new recovery codes"
              confirmLabel="Make new codes"
              act={(password) => security.newRecoveryCodes(password).then(({ recoveryCodes }) => setNewCodes(recoveryCodes))}
            />
          </>
        ) : (
          <p className="muted">Recovery codes come with your first second factor.</p>
        )}
      </section>

      <section aria-labelledby="history-title" className="security__part">
        <h2 id="history-title">History</h2>
        <ResultTable
          labelledBy="history-title"
          stack
          rows={events.map((event, id) => ({ ...event, id }))}
          empty="No changes to your sign-in yet."
          columns={[
            { header: 'When', cell: (e) => formatDateTime(e.at) },
            { header: 'What', cell: (e) => eventLabels[e.kind] },
            { header: 'Detail', cell: (e) => e.detail ?? '' },
            { header: 'IP address', cell: (e) => e.ip ?? '' },
          ]}
        />
      </section>
    </section>
  );
}
