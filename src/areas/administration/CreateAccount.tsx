import { groupTypeLabels } from '../../../contract/shared/access';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CreateGroup } from '../../api/groups';
import { usePortal } from '../../app/PortalContext';
import { Field, FieldError, formValues } from '../../shared/Field';
import { useOpenGroup } from '../../shared/useOpenGroup';
import { createSubmissionMachine, resultOf } from '../../../machines/submission';
import { noIdProvided } from '../../../contract/shared/messages';
import { groupNameMaxLength, groupNameProblem } from '../../../contract/shared/text';
import { parseId } from './groupRules';
import { SubmitButton } from '../../shared/SubmitButton';

type Errors = Partial<Record<'where' | 'userId' | 'groupId' | 'name', string>>;
/** The account creation payload of spec section 3: userId or groupId, type, name, country (owner defaults to true). */
type Payload = { userId?: number; groupId?: number; body: CreateGroup };

const createGroup = createSubmissionMachine<Payload, { id: number }>();


/** /administration/account/create (super): "Create new account" of the ellipsis menu. */
export default function CreateAccount() {
  const { groupsApi } = usePortal();
  const actor = useActorRef(
    createGroup.provide({
      actors: {
        submit: fromPromise(({ input }) => {
          const { userId, groupId, body } = input;
          return groupsApi.createGroup(groupId !== undefined ? { parentId: groupId } : { userId }, body);
        }),
      },
    }),
  );
  const busy = useSelector(actor, (s) => s.matches('submitting'));
  const result = useSelector(actor, resultOf);
  const sent = useSelector(actor, (s) => s.context.values);
  const created = result && sent ? { id: result.id, ...sent.body } : null;
  const [errors, setErrors] = useState<Errors>({});
  const { open, opening } = useOpenGroup();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const v = formValues(e.currentTarget);
    const userId = parseId(v.userId);
    const groupId = parseId(v.groupId);
    const found: Errors = {
      userId: userId.error,
      groupId: groupId.error,
      where:
        userId.error || groupId.error
          ? undefined
          : userId.id === undefined && groupId.id === undefined
            ? noIdProvided
            : userId.id !== undefined && groupId.id !== undefined
              ? 'Enter a user id or a group id, not both'
              : undefined,
      name: groupNameProblem(v.name) ?? undefined,
    };
    setErrors(found);
    const first = (['userId', 'groupId', 'where', 'name'] as const).find((k) => found[k]);
    if (first) {
      document.getElementById(first === 'where' ? 'field-userId' : `field-${first}`)?.focus();
      return;
    }
    const body: CreateGroup = {
      type: v.type === 'account' ? 'account' : 'organisation',
      name: v.name.trim(),
      owner: v.owner === 'on',
      ...(v.country.trim() ? { country: v.country.trim() } : {}),
    };
    const payload: Payload = { userId: userId.id, groupId: groupId.id, body };
    actor.send({ type: 'user.submit', values: payload });
  };

  const described = (name: keyof Errors, hint: boolean, also?: keyof Errors) =>
    [hint ? `field-${name}-hint` : '', errors[name] ? `field-${name}-error` : '', also && errors[also] ? `field-${also}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;

  if (created) return <Created created={created} again={() => actor.send({ type: 'user.edit' })} open={open} opening={opening} />;

  return (
    <section className="card card--narrow" aria-labelledby="create-title">
      <h1 id="create-title">Create new account</h1>
      <p className="muted">
        Create an organisation for a user, or a group under a partner or organisation. Enter one of the two ids.
      </p>
      <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
        <fieldset className="fieldset choices choices--stacked">
          <legend>Who or where</legend>
          <Field
            label="User id"
            name="userId"
            inputMode="numeric"
            maxLength={9}
            autoComplete="off"
            autoFocus
            hint="Creates an organisation with no partner, for this user."
            aria-invalid={errors.userId || errors.where ? true : undefined}
            aria-describedby={described('userId', true, 'where')}
          />
          <FieldError id="field-userId-error" text={errors.userId} />
          <Field
            label="Group id"
            name="groupId"
            inputMode="numeric"
            maxLength={9}
            autoComplete="off"
            hint="Creates an organisation under this partner, or an account under this organisation."
            aria-invalid={errors.groupId || errors.where ? true : undefined}
            aria-describedby={described('groupId', true, 'where')}
          />
          <FieldError id="field-groupId-error" text={errors.groupId} />
          <FieldError id="field-where-error" text={errors.where} />
        </fieldset>

        <fieldset className="fieldset choices">
          <legend>Type</legend>
          {(['organisation', 'account'] as const).map((t) => (
            <label key={t} className="checkbox">
              <input type="radio" name="type" value={t} defaultChecked={t === 'organisation'} />
              {groupTypeLabels[t]}
            </label>
          ))}
        </fieldset>

        <Field
          label="Name"
          name="name"
          maxLength={groupNameMaxLength}
          autoComplete="off"
          required
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described('name', false)}
        />
        <FieldError id="field-name-error" text={errors.name} />
        <Field
          label="Country (optional)"
          name="country"
          maxLength={100}
          autoComplete="off"
          hint="Defaults to the parent's or the user's country."
        />
        <div className="choice-with-hint">
          <label className="checkbox">
            <input type="checkbox" name="owner" defaultChecked aria-describedby="owner-hint" />
            Owned from the start
          </label>
          <small id="owner-hint" className="field__hint">
            With a user id the user becomes its owner, with a group id you do. Unticked, it shows Pending Ownership until
            someone takes ownership through an invitation.
          </small>
        </div>

        <div className="form__row">
          <SubmitButton busy={busy} label="Create" busyLabel="Creating…" />
        </div>
      </form>
    </section>
  );
}

function Created({
  created,
  again,
  open,
  opening,
}: {
  created: CreateGroup & { id: number };
  again: () => void;
  open: (id: number) => void;
  opening: number | null;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card card--narrow" aria-labelledby="created-title">
      <h1 id="created-title" ref={heading} tabIndex={-1}>
        {groupTypeLabels[created.type]} created
      </h1>
      <dl className="details">
        <dt>Name</dt>
        <dd>{created.name}</dd>
        <dt>Id</dt>
        <dd data-testid="created-id">{created.id}</dd>
        <dt>Owner</dt>
        <dd>{created.owner ? 'Owned' : 'Pending Ownership'}</dd>
      </dl>
      <div className="form__row form__row--spaced">
        <button type="button" className="button button--primary" onClick={() => open(created.id)} disabled={opening !== null}>
          {opening !== null ? 'Opening…' : `Open ${created.name}`}
        </button>
        <button type="button" className="button" onClick={again}>
          Create another
        </button>
      </div>
    </section>
  );
}
