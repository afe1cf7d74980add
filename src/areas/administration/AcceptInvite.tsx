import type { ReactNode } from 'react';
import { Link, useLoaderData, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Group } from '../../../contract/groups/entities';
import { groupTypeLabels } from '../../../contract/shared/access';
import { createSubmissionMachine, isBusy, resultOf } from '../../../machines/submission';
import { usePortal } from '../../app/PortalContext';
import {
  accessWords,
  askInviter,
  expiryWords,
  invitationSentence,
  type InvitationDetails,
} from './invitationText';
import { joinGroup } from './joinGroup';

const accept = createSubmissionMachine<{ jwt: string; takeOwnership: boolean }, Group>();


/**
 * /acceptinvite?jwt=...: the link of an invitation email. The loader has read the invitation
 * (GET /groupinvite), so the page says what it offers before any click, and offers Accept and
 * Decline only when it can be accepted; a used, expired, foreign or broken link says so instead.
 */
export default function AcceptInvite() {
  const { jwt } = useSearch({ from: '/_signedIn/_validated/acceptinvite' });
  const preview = useLoaderData({ from: '/_signedIn/_validated/acceptinvite' });
  const portal = usePortal();
  const router = useRouter();
  const userName = useSelector(portal.session, (s) => s.context.user.userName);
  const actor = useActorRef(
    accept.provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          try {
            return await joinGroup(portal, input.jwt);
          } catch (error) {
            // Used or expired since the page loaded: read it again, so the page says which.
            void router.invalidate();
            throw error;
          }
        }),
      },
    }),
  );
  const joined = useSelector(actor, resultOf);
  const tookOwnership = useSelector(actor, (s) => s.context.values?.takeOwnership ?? false);
  const busy = useSelector(actor, isBusy);

  if (joined) return <Joined group={joined} tookOwnership={tookOwnership} />;
  if (!jwt || !preview) {
    return (
      <Closed title="This invitation link is incomplete">
        The link has no invitation token. Open the link in your invitation email again, or ask whoever invited you to send a new
        invitation.
      </Closed>
    );
  }
  switch (preview.status) {
    case 'invalid':
      return (
        <Closed title="This invitation link is not valid">
          It may have been copied only in part, or the group it was for no longer exists. Open the link in your invitation email
          again, or ask whoever invited you to send a new invitation.
        </Closed>
      );
    case 'otherUser':
      return (
        <Closed title="This invitation is for another email address">
          It was sent to <strong>{preview.email}</strong>, and you are logged in as <strong>{userName}</strong>. To accept it, log
          out, open the link in the email again and log in as {preview.email}.
        </Closed>
      );
    case 'used':
      return (
        <Closed title="This invitation has already been used">
          The invitation to join {preview.groupName} has been accepted: each invitation link works once. If {preview.groupName} is
          not among your accounts, ask {askInviter(preview)} to send you a new invitation.
        </Closed>
      );
    case 'expired':
      return (
        <Closed title="This invitation has expired">
          The invitation to join {preview.groupName} ran out on {expiryWords(preview)}. Ask {askInviter(preview)} to send you a new
          one.
        </Closed>
      );
    case 'member':
      return (
        <Closed title={`You are already a member of ${preview.groupName}`}>
          You already have this access to {preview.groupName}, or more, so there is nothing to accept.
        </Closed>
      );
    case 'valid':
      return (
        <Offer
          invite={preview}
          busy={busy}
          onAccept={() => actor.send({ type: 'user.submit', values: { jwt, takeOwnership: preview.takeOwnership } })}
        />
      );
  }
}

/** The invitation as it stands, with Accept and Decline. */
function Offer({ invite, busy, onAccept }: { invite: InvitationDetails; busy: boolean; onAccept: () => void }) {
  const { modal } = usePortal();
  const navigate = useNavigate();
  // Nothing is recorded: the link stays usable until it expires, as the message says.
  const decline = () => {
    modal.send({
      type: 'modal.show',
      title: 'Invitation declined',
      text: `You have not joined ${invite.groupName}. If you change your mind, the link in your email works until ${expiryWords(invite)}.`,
    });
    void navigate({ to: '/home' });
  };
  return (
    <section className="card card--narrow" aria-labelledby="invite-title" aria-busy={busy}>
      <h1 id="invite-title">{invite.takeOwnership ? `Take ownership of ${invite.groupName}` : `Join ${invite.groupName}`}</h1>
      <p>{invitationSentence(invite)}</p>
      <InvitationFacts invite={invite} />
      <div className="form__row form__row--spaced">
        <button type="button" className="button button--primary" disabled={busy} autoFocus onClick={onAccept}>
          {busy ? 'Accepting…' : 'Accept'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={decline}>
          Decline
        </button>
      </div>
    </section>
  );
}

function InvitationFacts({ invite }: { invite: InvitationDetails }) {
  return (
    <dl className="details">
      <dt>{groupTypeLabels[invite.groupType]}</dt>
      <dd>{invite.groupName}</dd>
      <dt>Invited by</dt>
      <dd>{invite.inviter ?? 'Someone no longer on the portal'}</dd>
      <dt>Access</dt>
      <dd>{accessWords(invite)}</dd>
      <dt>Link valid until</dt>
      <dd>{expiryWords(invite)}</dd>
    </dl>
  );
}

/** An invitation that cannot be accepted: why, and the way home. */
function Closed({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card card--narrow" aria-labelledby="invite-title">
      <h1 id="invite-title">{title}</h1>
      <p>{children}</p>
      <div className="form__row form__row--spaced">
        <Link to="/home" className="button button--primary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}

/** After Accept: the group joined is now the selected one. */
function Joined({ group, tookOwnership }: { group: Group; tookOwnership: boolean }) {
  const type = groupTypeLabels[group.type].toLowerCase();
  return (
    <section className="card card--narrow" aria-labelledby="invite-title">
      <h1 id="invite-title">{tookOwnership ? `You now own ${group.name}` : `You have joined ${group.name}`}</h1>
      <p role="status">
        {group.name} is now your current {type}: the account bar shows it, and Change Account takes you to your other accounts.
      </p>
      <div className="form__row form__row--spaced">
        <Link to="/home" className="button button--primary">
          Go to Home
        </Link>
      </div>
    </section>
  );
}
