import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { isStaff } from '../../contract/shared/roles';
import type { Group } from '../../contract/groups/entities';
import { territories, territoryLabels, type Territory } from '../../contract/shared/territory';
import { findGroup } from '../../machines/groupTree';
import { submissionMachine } from '../../machines/submission';
import { usePortal } from '../app/PortalContext';
import { Field } from '../shared/Field';
import { refreshGroups } from '../shared/refreshGroups';
import { nameError, nameMaxLength, parseId } from './groupRules';

const steps = ['Organisation', 'First account', 'Confirm'] as const;

type Draft = { organisation: string; ownerId: string; account: string; territory: Territory };
type Errors = Partial<Record<'organisation' | 'ownerId' | 'account', string>>;
/** What one submission sends: both creates, then the new account is opened. */
type Plan = { userId: number; organisation: string; account: string; territory: Territory };

/**
 * /welcomewizard (a new customer sets up their organisation) and /organisationwizard (staff's
 * Creation Wizard): name the organisation, name its first account and choose the account's
 * territory, confirm. One submission creates the organisation (POST /groups ?userId), then the
 * account under it (?parentId), loads the groups again and opens the new account.
 */
export default function Wizard() {
  const { session, groups, groupsApi, territory } = usePortal();
  const user = useSelector(session, (s) => s.context.user);
  const staff = isStaff(user.roles);
  const welcome = useLocation().pathname.endsWith('/welcomewizard');
  const navigate = useNavigate();

  // The wizard's own page and the typed values: view state, not business state.
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>({ organisation: '', ownerId: '', account: '', territory });
  const [errors, setErrors] = useState<Errors>({});

  // What an attempt created before a later call failed: the retry goes on from there instead of
  // creating a second organisation.
  const progress = useRef<{ key: string; organisationId?: number; accountId?: number } | null>(null);
  const actor = useActorRef(
    submissionMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          const plan = input as Plan;
          const me = session.getSnapshot().context.user.id;
          const key = `${plan.userId}|${plan.organisation}`;
          const done = progress.current?.key === key ? progress.current : (progress.current = { key });
          done.organisationId ??= (await groupsApi.createGroup({ userId: plan.userId }, { type: 'organisation', name: plan.organisation })).id;
          done.accountId ??= (
            await groupsApi.createGroup({ parentId: done.organisationId }, { type: 'account', name: plan.account, territory: plan.territory })
          ).id;
          // The server makes whoever creates a group under a parent its direct owner. Staff creating
          // for a customer step back out: the customer owns the account through the organisation,
          // and a membership would replace the staff user's view of every group by this one account.
          if (plan.userId !== me) await groupsApi.removeUser(done.accountId, me);
          progress.current = null;
          const settled = await refreshGroups(groups);
          return findGroup(settled.context.groups, done.accountId) ?? (await groupsApi.group(done.accountId));
        }),
      },
      actions: {
        succeeded: (_, { result }) => {
          if (result) groups.send({ type: 'group.select', group: result as Group });
          void navigate({ to: '/administration/account' });
        },
      },
    }),
  );
  const busy = useSelector(actor, (s) => s.matches('submitting') || s.matches('succeeded'));

  // Each new step takes the focus to its heading, so keyboard and screen-reader users start there.
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) firstRender.current = false;
    else heading.current?.focus();
  }, [step]);

  const change = (name: keyof Draft) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setDraft((d) => ({ ...d, [name]: value }));
    setErrors((x) => ({ ...x, [name]: undefined }));
  };

  const next = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (step === 0) {
      const found: Errors = {
        organisation: nameError(draft.organisation) ?? undefined,
        ownerId: staff ? parseId(draft.ownerId).error : undefined,
      };
      setErrors(found);
      if (!found.organisation && !found.ownerId) setStep(1);
      // Focus the first field in error, so it is read out with its message.
      else document.getElementById(found.organisation ? 'field-organisation' : 'field-ownerId')?.focus();
      return;
    }
    if (step === 1) {
      const account = nameError(draft.account) ?? undefined;
      setErrors({ account });
      if (!account) setStep(2);
      else document.getElementById('field-account')?.focus();
      return;
    }
    const plan: Plan = {
      userId: (staff ? parseId(draft.ownerId).id : undefined) ?? user.id,
      organisation: draft.organisation.trim(),
      account: draft.account.trim(),
      territory: draft.territory,
    };
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'user.submit', values: plan });
  };

  const ownerId = staff ? parseId(draft.ownerId).id : undefined;
  const described = (name: keyof Errors, hint?: boolean) =>
    [hint ? `field-${name}-hint` : '', errors[name] ? `field-${name}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <section className="card card--narrow wizard" aria-labelledby="wizard-title">
      <h1 id="wizard-title">{welcome ? 'Welcome: set up your organisation' : 'Creation wizard'}</h1>
      <p className="muted">
        {welcome
          ? 'An organisation holds your accounts; each account has its own services, tokens and usage. Start with one account: you can add more later.'
          : 'Create an organisation and its first account.'}
      </p>

      <ol className="wizard-steps" aria-label="Progress">
        {steps.map((label, i) => (
          <li
            key={label}
            aria-current={i === step ? 'step' : undefined}
            className={i === step ? 'wizard-steps__step wizard-steps__step--current' : i < step ? 'wizard-steps__step wizard-steps__step--done' : 'wizard-steps__step'}
          >
            <span className="wizard-steps__number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="wizard-steps__label">{label}</span>
          </li>
        ))}
      </ol>

      <form className="form" onSubmit={next} noValidate aria-busy={busy} aria-describedby="wizard-progress">
        <p id="wizard-progress" className="wizard__progress">
          Step {step + 1} of {steps.length}
        </p>

        {step === 0 && (
          <>
            <h2 ref={heading} tabIndex={-1}>
              Name the organisation
            </h2>
            <Field
              label="Organisation name"
              name="organisation"
              value={draft.organisation}
              onChange={change('organisation')}
              maxLength={nameMaxLength}
              autoComplete="organization"
              required
              autoFocus
              hint="The company or body the accounts belong to."
              aria-invalid={errors.organisation ? true : undefined}
              aria-describedby={described('organisation', true)}
            />
            <FieldError name="organisation" errors={errors} />
            {staff && (
              <>
                <Field
                  label="Owner's user id"
                  name="ownerId"
                  inputMode="numeric"
                  value={draft.ownerId}
                  onChange={change('ownerId')}
                  maxLength={9}
                  autoComplete="off"
                  hint="The user who will own the organisation. Leave blank to own it yourself; only super can create one for another user."
                  aria-invalid={errors.ownerId ? true : undefined}
                  aria-describedby={described('ownerId', true)}
                />
                <FieldError name="ownerId" errors={errors} />
              </>
            )}
          </>
        )}

        {step === 1 && (
          <>
            <h2 ref={heading} tabIndex={-1}>
              Name the first account
            </h2>
            <Field
              label="Account name"
              name="account"
              value={draft.account}
              onChange={change('account')}
              maxLength={nameMaxLength}
              autoComplete="off"
              required
              hint="For example a brand, a department or a website."
              aria-invalid={errors.account ? true : undefined}
              aria-describedby={described('account', true)}
            />
            <FieldError name="account" errors={errors} />
            <fieldset className="fieldset choices">
              <legend>Territory of the account</legend>
              {territories.map((t) => (
                <label key={t} className="checkbox">
                  <input
                    type="radio"
                    name="territory"
                    value={t}
                    checked={draft.territory === t}
                    onChange={() => setDraft((d) => ({ ...d, territory: t }))}
                  />
                  {territoryLabels[t]}
                </label>
              ))}
            </fieldset>
          </>
        )}

        {step === 2 && (
          <>
            <h2 ref={heading} tabIndex={-1}>
              Confirm
            </h2>
            <dl className="details">
              <dt>Organisation</dt>
              <dd>{draft.organisation.trim()}</dd>
              {staff && (
                <>
                  <dt>Owner</dt>
                  <dd>{ownerId === undefined || ownerId === user.id ? `You (user ${user.id})` : `User ${ownerId}`}</dd>
                </>
              )}
              <dt>First account</dt>
              <dd>{draft.account.trim()}</dd>
              <dt>Territory</dt>
              <dd>{territoryLabels[draft.territory]}</dd>
            </dl>
          </>
        )}

        <div className="form__row">
          {step > 0 && (
            <button type="button" className="button" onClick={() => setStep(step - 1)} disabled={busy}>
              Back
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={busy}>
            {step < 2 ? 'Next' : busy ? 'Creating…' : 'Create organisation'}
          </button>
          {step === 0 && (
            <Link to="/home" className="button">
              Cancel
            </Link>
          )}
        </div>
      </form>
    </section>
  );
}

function FieldError({ name, errors }: { name: keyof Errors; errors: Errors }) {
  if (!errors[name]) return null;
  return (
    <p id={`field-${name}-error`} className="field-error" role="alert">
      {errors[name]}
    </p>
  );
}
