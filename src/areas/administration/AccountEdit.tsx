import type { FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { usePortal } from '../../app/PortalContext';
import { addressFieldNames } from '../../../contract/shared/address';
import { AddressFields } from '../../shared/AddressFields';
import { Field, formValues, optionalTexts } from '../../shared/Field';
import { useAdmin } from './scope';
import { SubmitButton } from '../../shared/SubmitButton';
import { TerritoryField } from '../../shared/TerritoryField';
import { useSubmitThenGo } from '../../shared/useSubmitThenGo';

/** What the form sends: blank optional fields clear them. */
const fieldNames = ['name', ...addressFieldNames];

/** /administration/account/edit and /partner/administration/editPartner: the group's name and address. */
export default function AccountEdit() {
  const { data, scope } = useAdmin();
  const { group } = data;
  const { groupsApi, groups } = usePortal();
  const navigate = useNavigate();
  const { actor, busy } = useSubmitThenGo(
    (body: Record<string, string | null>) => groupsApi.updateGroup(group.id, body),
    () => {
      groups.send({ type: 'groups.refresh' });
      return navigate({ to: scope.links.home });
    },
  );

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    const body = optionalTexts(values, fieldNames);
    body.name = values.name.trim();
    body.territory = values.territory;
    actor.send({ type: 'user.submit', values: body });
  };

  return (
    <section className="card" aria-labelledby="edit-group-title">
      <h1 id="edit-group-title">Edit {group.name}</h1>
      <form onSubmit={submit} className="form form--grid" aria-busy={busy}>
        <Field label="Name" name="name" maxLength={100} required defaultValue={group.name} />
        <AddressFields values={group} autoFill={false} />
        <TerritoryField id="field-territory" defaultValue={group.territory} />
        <div className="form__row">
          <SubmitButton busy={busy} label="Save" busyLabel="Saving…" />
          <button type="button" className="button" onClick={() => void navigate({ to: scope.links.home })}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
