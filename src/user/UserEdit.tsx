import type { FormEvent } from 'react';
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { UpdateUserBody } from '../../contract/users/schemas';
import { createSubmissionMachine } from '../../machines/submission';
import { usePortal } from '../app/PortalContext';
import { Field, formValues, optionalTexts } from '../shared/Field';

const route = getRouteApi('/signedIn/validated/user/$userId');

const fields = [
  ['personalName', 'Your name', 100, 'name'],
  ['companyName', 'Company', 100, 'organization'],
  ['address1', 'Address line 1', 200, 'address-line1'],
  ['address2', 'Address line 2', 200, 'address-line2'],
  ['address3', 'Address line 3', 200, 'address-line3'],
  ['address4', 'Address line 4', 200, 'off'],
  ['town', 'Town', 100, 'address-level2'],
  ['county', 'County / state', 100, 'address-level1'],
  ['postcode', 'Postcode', 20, 'postal-code'],
  ['country', 'Country', 100, 'country-name'],
] as const;

const saveDetails = createSubmissionMachine<UpdateUserBody>();

/** /user/{userId}/edit: update the user's own details. */
export default function UserEdit() {
  const user = route.useLoaderData();
  const { users } = usePortal();
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
    const body = optionalTexts(values, fields.map(([name]) => name));
    body.personalName = values.personalName.trim();
    actor.send({ type: 'user.submit', values: body });
  };

  return (
    <section className="card" aria-labelledby="edit-title">
      <h1 id="edit-title">Update your details</h1>
      <form onSubmit={submit} className="form form--grid" aria-busy={busy}>
        {fields.map(([name, label, max, autoComplete]) => (
          <Field
            key={name}
            label={label}
            name={name}
            maxLength={max}
            autoComplete={autoComplete}
            required={name === 'personalName'}
            defaultValue={(user[name] as string | null) ?? ''}
          />
        ))}
        <div className="form__row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="button" onClick={() => void navigate({ to: '/user/$userId', params: { userId: user.id } })}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
