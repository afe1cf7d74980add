import type { FormEvent } from 'react';
import { useLoaderData, useNavigate, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { UpdateUserBody } from '../../../contract/users/schemas';
import { createSubmissionMachine } from '../../../machines/submission';
import { usePortal } from '../../app/PortalContext';
import { addressFieldNames } from '../../../contract/shared/address';
import { AddressFields } from '../../shared/AddressFields';
import { Field, formValues, optionalTexts } from '../../shared/Field';
import { SubmitButton } from '../../shared/SubmitButton';
import { detailsRefusal } from '../../shared/userRules';


/** What the form sends: blank optional fields clear them. */
const fieldNames = ['personalName', 'companyName', ...addressFieldNames];

const saveDetails = createSubmissionMachine<UpdateUserBody>();

/** /user/{userId}/edit: update the user's own details. */
export default function UserEdit() {
  const user = useLoaderData({ from: '/_signedIn/_validated/user/$userId' });
  const { users, session } = usePortal();
  const me = useSelector(session, (s) => s.context.user);
  const navigate = useNavigate();
  const router = useRouter();
  const actor = useActorRef(
    saveDetails.provide({
      actors: { submit: fromPromise(({ input }) => users.updateUser(user.id, input)) },
      actions: {
        succeeded: () => {
          void router.invalidate();
          void navigate({ to: '/user/$userId', params: { userId: user.id } });
        },
      },
    }),
  );
  const busy = useSelector(actor, (s) => s.matches('submitting'));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    const body = optionalTexts(values, fieldNames);
    body.personalName = values.personalName.trim();
    actor.send({ type: 'user.submit', values: body });
  };

  const refused = detailsRefusal(me, user);
  if (refused) {
    return (
      <section className="card" aria-labelledby="edit-title">
        <h1 id="edit-title">Update details</h1>
        <p className="reason">{refused}</p>
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="edit-title">
      <h1 id="edit-title">Update your details</h1>
      <form onSubmit={submit} className="form form--grid" aria-busy={busy}>
        <Field label="Your name" name="personalName" maxLength={100} autoComplete="name" required defaultValue={user.personalName ?? ''} />
        <Field label="Company" name="companyName" maxLength={100} autoComplete="organization" defaultValue={user.companyName ?? ''} />
        <AddressFields values={user} autoFill />
        <div className="form__row">
          <SubmitButton busy={busy} label="Save" busyLabel="Saving…" />
          <button type="button" className="button" onClick={() => void navigate({ to: '/user/$userId', params: { userId: user.id } })}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
