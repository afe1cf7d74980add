import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from '@tanstack/react-router';
import { dqServiceLabels, formatMoney } from '../../../../contract/shared/catalogue';
import { bundleMessages } from '../../../../contract/shared/catalogueRules';
import { usePortal } from '../../../app/PortalContext';
import { SubmitButton } from '../../../shared/SubmitButton';
import { useSubmitThenGo } from '../../../shared/useSubmitThenGo';
import { createBody, defaultDates, endFor, suggestedPrice, toPriceInput, type BundleFields, type FieldProblems } from './bundleForm';
import { BundleFieldset } from './BundleFieldset';
import { plansApi, type Bundle, type BundleInput, type Plan } from '../../../api/plans';
import { count } from './summary';
import './services.css';

type Create = { where: { organisationId: number; accountId: number }; body: BundleInput };

const planLabel = (p: Plan) => `${p.plan} · ${dqServiceLabels[p.service]} · ${p.datasetRef}`;

/** /administration/services/bundlecreate (admin, super, sales): a bundle of clicks for the selected account. */
export default function BundleCreate() {
  const { account, organisation } = useLoaderData({ from: '/_signedIn/_validated/administration/services' });
  const { plans, now } = useLoaderData({ from: '/_signedIn/_validated/administration/services/bundlecreate' });
  const portal = usePortal();
  const navigate = useNavigate();
  // The services page's data is loaded again before going there, so it opens with the new bundle.
  const { actor, busy } = useSubmitThenGo(
    (input: Create): Promise<Bundle> => plansApi(portal.api).createBundle(input.where, input.body),
    () => navigate({ to: '/administration/services' }),
  );

  // What is being typed. The end date and the price follow the plan, start and clicks until typed over.
  const [planId, setPlanId] = useState<number | null>(null);
  const [fields, setFields] = useState<BundleFields>(() => ({ clicks: '', start: defaultDates(now, 0).start, end: '', price: '' }));
  const [typed, setTyped] = useState({ end: false, price: false });
  const [problems, setProblems] = useState<FieldProblems>({});
  const plan = plans.find((p) => p.planId === planId);

  if (!account) return null;
  const organisationId = organisation?.id ?? account.parentId;
  const onSale = plans.filter((p) => !p.deprecated && (p.availableEnd === null || p.availableEnd > now));
  const notSold = plans.filter((p) => !onSale.includes(p));

  /** The fields after one change, with the end date and price that follow it (unless typed over). */
  const follow = (next: BundleFields, nextPlan: Plan | undefined): BundleFields => {
    const out = { ...next };
    if (nextPlan && !typed.end) out.end = endFor(out.start, nextPlan.duration) ?? out.end;
    if (nextPlan && !typed.price) {
      const suggested = /^\d+$/.test(out.clicks) ? suggestedPrice(nextPlan, Number(out.clicks)) : null;
      out.price = suggested && 'price' in suggested ? toPriceInput(suggested.price) : '';
    }
    return out;
  };
  const choosePlan = (id: number) => {
    const next = plans.find((p) => p.planId === id);
    setPlanId(next ? id : null);
    setFields((f) => follow(f, next));
  };
  const change = (name: keyof BundleFields, value: string) => {
    if (name === 'end' || name === 'price') setTyped((t) => ({ ...t, [name]: true }));
    setFields((f) => (name === 'end' || name === 'price' ? { ...f, [name]: value } : follow({ ...f, [name]: value }, plan)));
  };

  const suggestion = plan && /^\d+$/.test(fields.clicks) ? suggestedPrice(plan, Number(fields.clicks)) : null;
  const priceHint = suggestion
    ? 'price' in suggestion
      ? `The plan's price for ${count(Number(fields.clicks))} clicks is ${formatMoney(suggestion.price, plan!.territory)}. 0 makes the bundle free.`
      : suggestion.problem
    : '0 makes the bundle free.';

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { body, problems: found } = createBody(planId ?? 0, fields);
    if (planId === null) found.planId = bundleMessages.planRequired;
    setProblems(found);
    const first = (['planId', 'clicks', 'price', 'start', 'end'] as const).find((k) => found[k]);
    if (first) {
      document.getElementById(`field-${first}`)?.focus();
      return;
    }
    if (organisationId === null) return;
    actor.send({ type: 'user.submit', values: { where: { organisationId, accountId: account.id }, body } });
  };

  return (
    <section className="card card--narrow bundle-form" aria-labelledby="bundle-create-title">
      <h1 id="bundle-create-title">Create a bundle</h1>
      <p className="bundle-form__summary">
        For <strong>{account.name}</strong>
        {organisation ? ` of ${organisation.name}` : ''}. The account can use its clicks from the start date to the end date.
      </p>
      <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
        <div className="field">
          <label htmlFor="field-planId">Plan</label>
          <select
            id="field-planId"
            name="planId"
            value={planId ?? ''}
            onChange={(e) => choosePlan(Number(e.currentTarget.value))}
            aria-invalid={problems.planId ? true : undefined}
            aria-describedby={problems.planId ? 'field-planId-error' : 'field-planId-hint'}
          >
            <option value="">Choose a plan</option>
            <optgroup label="On sale">
              {onSale.map((p) => (
                <option key={p.planId} value={p.planId}>
                  {planLabel(p)}
                </option>
              ))}
            </optgroup>
            {notSold.length > 0 && (
              <optgroup label="No longer sold">
                {notSold.map((p) => (
                  <option key={p.planId} value={p.planId}>
                    {planLabel(p)}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
          <small id="field-planId-hint" className="field__hint">
            {plan ? `${plan.formula.replace(/\.?$/, '.')} Bundles last ${plan.duration} months.` : `Plans of ${account.name}'s territory.`}
          </small>
          {problems.planId && (
            <p id="field-planId-error" className="field-error" role="alert">
              {problems.planId}
            </p>
          )}
        </div>
        <BundleFieldset fields={fields} problems={problems} onChange={change} priceHint={priceHint} currency={account.territory} />
        <div className="form__row">
          <SubmitButton busy={busy} label="Create bundle" busyLabel="Creating…" />
          <Link to="/administration/services" className="button">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
