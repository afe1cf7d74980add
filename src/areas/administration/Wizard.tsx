import { useEffect, useRef, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { isStaff } from '../../../contract/shared/roles';
import { territories, territoryLabels } from '../../../contract/shared/territory';
import { findGroup } from '../../../machines/groupTree';
import { checkStepWith, isCreating, wizardMachine, wizardStep, wizardSteps, type WizardErrors, type WizardField } from '../../../machines/wizard';
import { usePortal } from '../../app/PortalContext';
import { Field, FieldError as FieldErrorText } from '../../shared/Field';
import { refreshGroups } from '../../shared/refreshGroups';
import { groupNameMaxLength, groupNameProblem } from '../../../contract/shared/text';
import { parseId } from './groupRules';

const steps = ['Organisation', 'First account', 'Confirm'] as const;

/**
 * /welcomewizard (a new customer sets up their organisation) and /organisationwizard (staff's
 * Creation Wizard): name the organisation, name its first account and choose the account's
 * territory, confirm. The wizard machine (machines/wizard.ts) holds the steps, the draft and the create
 * sequence: the organisation (POST /groups ?userId), the account under it (?parentId), staff stepping
 * back out, then the groups are loaded again and the new account is opened. This view draws the step
 * and sends what the user does; it provides the spec's rules and the calls.
 */
export default function Wizard() {
  const { session, groups, groupsApi, territory } = usePortal();
  const user = useSelector(session, (s) => s.context.user);
  const staff = isStaff(user.roles);
  const welcome = useLocation().pathname.endsWith('/welcomewizard');
  const navigate = useNavigate();

  const actor = useActorRef(
    wizardMachine.provide({
      actions: {
        checkStep: checkStepWith({ name: groupNameProblem, ownerId: (text) => parseId(text).error }),
        opened: (_, { group }) => {
          if (group) groups.send({ type: 'group.select', group });
          void navigate({ to: '/administration/account' });
        },
      },
      actors: {
        createOrganisation: fromPromise(async ({ input }) => {
          const ownerId = (staff ? parseId(input.owner).id : undefined) ?? session.getSnapshot().context.user.id;
          const { id } = await groupsApi.createGroup({ userId: ownerId }, { type: 'organisation', name: input.name });
          return { id, ownerId };
        }),
        createAccount: fromPromise(({ input }) =>
          groupsApi.createGroup({ parentId: input.organisationId }, { type: 'account', name: input.name, territory: input.territory }),
        ),
        // A membership would replace the staff user's view of every group by this one account.
        stepBack: fromPromise(({ input }) => groupsApi.removeUser(input.groupId, input.userId)),
        openAccount: fromPromise(async ({ input }) => {
          const settled = await refreshGroups(groups);
          return findGroup(settled.context.groups, input.accountId) ?? (await groupsApi.group(input.accountId));
        }),
      },
    }),
    { input: { userId: user.id, staff, territory } },
  );
  const step = wizardSteps.indexOf(useSelector(actor, wizardStep));
  const draft = useSelector(actor, (s) => s.context.draft);
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, isCreating);

  // Each new step takes the focus to its heading, so keyboard and screen-reader users start there.
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) firstRender.current = false;
    else heading.current?.focus();
  }, [step]);

  const change = (field: WizardField) => (e: { currentTarget: { value: string } }) =>
    actor.send({ type: 'user.change', field, value: e.currentTarget.value });

  const next = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (step === 2) {
      actor.send({ type: 'user.submit' });
      return;
    }
    actor.send({ type: 'user.next' });
    // Still on this step: focus the first field in error, so it is read out with its message.
    const after = actor.getSnapshot();
    const first = (['organisation', 'ownerId', 'account'] as const).find((f) => after.context.errors[f]);
    if (first && wizardSteps.indexOf(wizardStep(after)) === step) document.getElementById(`field-${first}`)?.focus();
  };

  const ownerId = staff ? parseId(draft.ownerId).id : undefined;
  const described = (name: keyof WizardErrors, hint?: boolean) =>
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
              maxLength={groupNameMaxLength}
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
              maxLength={groupNameMaxLength}
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
                    onChange={() => actor.send({ type: 'user.pickTerritory', territory: t })}
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
            <button type="button" className="button" onClick={() => actor.send({ type: 'user.back' })} disabled={busy}>
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

function FieldError({ name, errors }: { name: keyof WizardErrors; errors: WizardErrors }) {
  return <FieldErrorText id={`field-${name}-error`} text={errors[name]} />;
}
