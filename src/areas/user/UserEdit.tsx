import type { FormEvent } from 'react';
import { useLoaderData, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { UpdateUserBody } from '../../../contract/users/schemas';
import { usePortal } from '../../app/PortalContext';
import { addressFieldNames } from '../../../contract/shared/address';
import { AddressFields } from '../../shared/AddressFields';
import { Field, formValues, optionalTexts } from '../../shared/Field';
import { SubmitButton } from '../../shared/SubmitButton';
import { useSubmitThenGo } from '../../shared/useSubmitThenGo';
import { detailsRefusal } from '../../shared/userRules';

/** What the form sends: blank optional fields clear them. */
const fieldNames = ['personalName', 'companyName', ...addressFieldNames];

/** /user/{userId}/edit: update the user's own details. */
export default function UserEdit() {
  const user = useLoaderData({ from: '/_signedIn/_validated/user/$userId' });
  const { users, session } = usePortal();
  const me = useSelector(session, (s) => s.context.user);
  const navigate = useNavigate();
  const { actor, busy } = useSubmitThenGo(
    (body: UpdateUserBody) => users.updateUser(user.id, body),
    () => navigate({ to: '/user/$userId', params: { userId: user.id } }),
  );

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
