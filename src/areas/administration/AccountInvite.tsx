import type { FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useSelector } from '@xstate/react';
import { accessLevels, mayChangeLevel, type AccessLevel } from '../../../contract/shared/access';
import { createSubmissionMachine } from '../../../machines/submission';
import { usePortal } from '../../app/PortalContext';
import { Field, formValues } from '../../shared/Field';
import { levelOf, levelsOffered } from './levels';
import { useAdmin } from './scope';


/** Spec section 5: invitations last 86400 seconds and do not hand over ownership unless asked. */
const defaultExpiryHours = 24;

const levelChoices = (noun: string): Record<AccessLevel, string> => ({
  member: 'Member: uses the services',
  sudoowner: `Sudo owner: administers the ${noun}`,
  owner: 'Owner',
  manager: 'Manager (partners only)',
});

type Invitation = { email: string; accessLevel: AccessLevel | undefined; takeOwnership: boolean; expiry: number };
const invite = createSubmissionMachine<Invitation>();

/** /administration/account/invite: email someone a link that adds them to the group. */
export default function AccountInvite() {
  const { data, scope } = useAdmin();
  const { group, users } = data;
  const { groupsApi, session } = usePortal();
  const me = useSelector(session, (s) => s.context.user);
  // Only what the server accepts (contract/shared/access.ts): a sudo owner neither invites an owner nor hands over ownership.
  const myLevel = levelOf(users, me.id);
  const offered = levelsOffered(me, myLevel, null, group.type);
  const mayHandOver = mayChangeLevel(me, myLevel, null, 'owner');
  const actor = useActorRef(
    invite.provide({
      actors: {
        submit: fromPromise(({ input }) =>
          groupsApi.invite(group.id, input.email, {
            expiry: input.expiry,
            takeOwnership: input.takeOwnership,
            accessLevel: input.accessLevel,
          }),
        ),
      },
    }),
  );
  const state = useSelector(actor, (s) => String(s.value));
  const sentTo = useSelector(actor, (s) => s.context.values?.email ?? '');

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const v = formValues(e.currentTarget);
    actor.send({
      type: 'user.submit',
      values: {
        email: v.email.trim(),
        accessLevel: accessLevels.find((level) => level === v.accessLevel),
        takeOwnership: v.takeOwnership === 'on',
        expiry: Math.round(Number(v.expiryHours) * 3600),
      },
    });
  };

  if (state === 'succeeded') {
    return (
      <section className="card card--narrow" aria-labelledby="invite-title">
        <h1 id="invite-title">Invitation sent</h1>
        <p role="status">
          We emailed <strong>{sentTo}</strong> a link to join {group.name}.
        </p>
        <div className="form__row">
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'user.edit' })}>
            Invite someone else
          </button>
          <Link to={scope.links.home} className="button">
            Back to the {group.type}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="card card--narrow" aria-labelledby="invite-title">
      <h1 id="invite-title">Invite a user to {group.name}</h1>
      <form onSubmit={submit} className="form" aria-busy={state === 'submitting'}>
        <Field label="Email" name="email" type="email" required maxLength={254} autoFocus />
        <div className="field">
          <label htmlFor="field-accessLevel">Access level</label>
          <select id="field-accessLevel" name="accessLevel" defaultValue="member" aria-describedby={mayHandOver ? undefined : 'owner-reason'}>
            {(['member', 'sudoowner', 'owner', 'manager'] as const)
              .filter((l) => offered.includes(l))
              .map((l) => (
                <option key={l} value={l}>
                  {levelChoices(group.type)[l]}
                </option>
              ))}
          </select>
          {!mayHandOver && (
            <small id="owner-reason" className="reason">
              Only an owner can invite an owner or hand over ownership.
            </small>
          )}
        </div>
        <Field label="Link valid for (hours)" name="expiryHours" type="number" min={1} max={720} defaultValue={defaultExpiryHours} required />
        {mayHandOver && (
          <label className="checkbox">
            <input type="checkbox" name="takeOwnership" /> Hand over ownership of this {group.type} when accepted
          </label>
        )}
        <button type="submit" className="button button--primary" disabled={state === 'submitting'}>
          {state === 'submitting' ? 'Sending…' : 'Send invitation'}
        </button>
      </form>
    </section>
  );
}
