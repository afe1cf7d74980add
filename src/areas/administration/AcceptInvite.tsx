import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { createSubmissionMachine, isBusy } from '../../../machines/submission';
import { usePortal } from '../../app/PortalContext';
import { refreshGroups } from '../../shared/refreshGroups';

const accept = createSubmissionMachine<{ jwt: string }, { name: string }>();

const route = getRouteApi('/_signedIn/_validated/acceptinvite');

/**
 * /acceptinvite?jwt=...: the link of an invitation email. The signed-in invitee accepts (POST
 * /groupinvite ?jwt) or declines; expired, used or someone else's invitations come back from the
 * server and show in the Error modal.
 */
export default function AcceptInvite() {
  const { jwt } = route.useSearch();
  const { groups, groupsApi, modal } = usePortal();
  const navigate = useNavigate();
  const actor = useActorRef(
    accept.provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          const joined = await groupsApi.acceptInvite(input.jwt);
          // The account bar on /home shows the new group.
          await refreshGroups(groups);
          return joined;
        }),
      },
      actions: {
        succeeded: (_, { result: joined }) => {
          modal.send({ type: 'modal.show', title: 'Invitation accepted', text: `You have joined ${joined.name}.` });
          void navigate({ to: '/home' });
        },
      },
    }),
  );
  const busy = useSelector(actor, isBusy);

  if (!jwt) {
    return (
      <section className="card card--narrow" aria-labelledby="invite-title">
        <h1 id="invite-title">This invitation link is incomplete</h1>
        <p>
          The link has no invitation token. Open the link in your invitation email again, or ask whoever invited you to send a
          new invitation.
        </p>
        <Link to="/home" className="button button--primary">
          Back to Home
        </Link>
      </section>
    );
  }

  return (
    <section className="card card--narrow" aria-labelledby="invite-title" aria-busy={busy}>
      <h1 id="invite-title">You have been invited to join a group</h1>
      <p>Accept to add the group to your accounts, with the access the invitation gives you. Declining leaves the invitation unused.</p>
      <div className="form__row form__row--spaced">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          autoFocus
          onClick={() => actor.send({ type: 'user.submit', values: { jwt } })}
        >
          {busy ? 'Accepting…' : 'Accept'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void navigate({ to: '/home' })}>
          Decline
        </button>
      </div>
    </section>
  );
}
