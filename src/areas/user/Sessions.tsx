import { Link, useLoaderData, useRouter } from '@tanstack/react-router';
import type { SignedInSession } from '../../../contract/security/entities';
import { usePortal } from '../../app/PortalContext';
import { DeleteControl } from '../../shared/DeleteControl';
import { formatDateTime } from '../../shared/format';
import { ResultTable } from '../../shared/ResultTable';
import './sessions.css';

const signOutVerb = { act: 'Sign out', acting: 'Signing out…', done: 'signed out' };

/** "Chrome on Windows (203.0.113.7)": a session as a question names it. */
const named = (s: SignedInSession) => (s.ip ? `${s.device} (${s.ip})` : s.device);

/**
 * /user/sessions: every browser the user is signed in on (device, IP address, started, last used),
 * this one marked, each signed out on its own or all the others at once, each asked first. Signing
 * out this browser's own session is logging out.
 */
export default function Sessions() {
  const sessions = useLoaderData({ from: '/_signedIn/_validated/user/sessions' });
  const { security, session } = usePortal();
  const router = useRouter();
  const others = sessions.filter((s) => !s.current);
  const reload = () => void router.invalidate();
  const ended = (s: SignedInSession) => (s.current ? session.send({ type: 'user.logout' }) : reload());

  return (
    <section className="card sessions" aria-labelledby="sessions-title">
      <div className="card__header">
        <h1 id="sessions-title">Signed-in sessions</h1>
        {others.length > 0 && (
          <DeleteControl
            id="sign-out-others"
            what="all other sessions"
            name=""
            verb={signOutVerb}
            words={{
              question: `Sign out ${others.length === 1 ? 'the other session' : `all ${others.length} other sessions`}? This browser stays signed in.`,
              confirm: 'Yes, sign them out',
              failed: 'No session was signed out.',
            }}
            act={() => security.endOtherSessions()}
            done={reload}
          />
        )}
      </div>
      <p className="muted">
        The browsers where you are signed in to the portal. Sign out any you do not recognise, then{' '}
        <Link to="/user/updatePassword">change your password</Link>. Exported API tokens are not listed here: they are on the tokens page.
      </p>
      <ResultTable
        labelledBy="sessions-title"
        stack
        rows={sessions}
        empty="No signed-in sessions to show."
        columns={[
          {
            header: 'Device',
            cell: (s) => (
              <>
                {s.device}
                {s.current && <span className="badge badge--ok">This session</span>}
              </>
            ),
          },
          { header: 'IP address', cell: (s) => s.ip ?? 'Unknown' },
          { header: 'Started', cell: (s) => formatDateTime(s.createdAt), className: 'nowrap' },
          { header: 'Last used', cell: (s) => formatDateTime(s.lastUsedAt), className: 'nowrap' },
          {
            header: 'Actions',
            cell: (s) => (
              <DeleteControl
                id={`sign-out-${s.id}`}
                what="session"
                name={s.device}
                verb={signOutVerb}
                compact
                words={{
                  ariaLabel: s.current ? 'Sign out this session' : `Sign out ${named(s)}`,
                  question: s.current ? 'Sign out of this browser?' : `Sign out ${named(s)}?`,
                  confirm: 'Yes, sign out',
                  failed: 'It was not signed out.',
                }}
                act={() => security.endSession(s.id)}
                done={() => ended(s)}
              />
            ),
          },
        ]}
      />
      {sessions.length > 0 && others.length === 0 && <p className="muted">You are not signed in anywhere else.</p>}
    </section>
  );
}
