import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { calculatorLabels, calculators, dqServiceLabels } from '../../../contract/shared/catalogue';
import { catalogueLimits as limits } from '../../../contract/shared/catalogueRules';
import { currencySymbols, territories, territoryLabels } from '../../../contract/shared/territory';
import type { Dataset, Plan, PlanBody } from '../../api/plans';
import { usePortal } from '../../app/PortalContext';
import { formValues } from '../../shared/Field';
import { SubmitButton } from '../../shared/SubmitButton';
import { useSubmitThenGo } from '../../shared/useSubmitThenGo';
import { nowSeconds } from './catalogue';
import { DateField, focusField, SelectField, TextAreaField, TextField } from './fields';
import { useCatalogueApi } from './useCatalogueApi';
import { calculatorOf, planDefaults, planFieldOrder, readPlan, territoryOf, type PlanErrors } from './planForm';
import { firstProblem } from './rules';
import { draftsOf, firstDraft } from './tiers';
import { TiersEditor } from './TiersEditor';
import './dataAdministration.css';

/**
 * Create (no `plan`) or edit a plan: its fields, availability window, territory (the currency of its
 * prices) and price tiers; saved, it opens the plan's page. `datasets` and `plans` fill the dataset and
 * deprecated-by choices.
 */
export function PlanForm({ plan, datasets, plans, datasetId }: { plan?: Plan; datasets: readonly Dataset[]; plans: readonly Plan[]; datasetId?: number }) {
  const { territory: portalTerritory } = usePortal();
  const api = useCatalogueApi();
  const navigate = useNavigate();
  const { actor, busy } = useSubmitThenGo(
    (input: PlanBody): Promise<Plan> => (plan ? api.updatePlan(plan.planId, input) : api.createPlan(input)),
    (result) => navigate({ to: '/dataAdministration/plan/$planId', params: { planId: result.planId } }),
    { waitForReload: false },
  );
  const [defaults] = useState(() => planDefaults(plan, portalTerritory, nowSeconds()));
  // What is being typed: the tier rows, and the two choices the tiers are shown in (currency, calculator).
  const [drafts, setDrafts] = useState(() => (plan ? draftsOf(plan.pricing) : firstDraft()));
  const [territory, setTerritory] = useState(defaults.territory);
  const [calculator, setCalculator] = useState(defaults.calculator);
  const [touchedTiers, setTouchedTiers] = useState(Boolean(plan));
  const [errors, setErrors] = useState<PlanErrors>({});

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const read = readPlan(formValues(e.currentTarget), drafts, plan);
    setErrors(read.errors ?? {});
    setTouchedTiers(true);
    if (read.errors) return void focusField(firstProblem(planFieldOrder, read.errors));
    actor.send({ type: 'user.submit', values: read.body });
  };
  const replacements = plans.filter((p) => p.planId !== plan?.planId);
  const presetDataset = plan ? defaults.datasetId : datasets.some((d) => d.datasetId === datasetId) ? String(datasetId) : '';

  return (
    <section className="card catalogue-form" aria-labelledby="plan-form-title">
      <h1 id="plan-form-title">{plan ? `Edit ${plan.plan}` : 'Create plan'}</h1>
      <p className="muted">A plan sells clicks of one dataset in one territory. Its prices are in that territory's currency.</p>
      <form onSubmit={submit} className="form form--grid" noValidate aria-busy={busy}>
        <TextField label="Name" name="plan" defaultValue={defaults.plan} maxLength={limits.name} required error={errors.plan} />
        <SelectField
          label="Dataset"
          name="datasetId"
          defaultValue={presetDataset}
          required
          error={errors.datasetId}
          hint={datasets.length === 0 ? 'No datasets yet: create one first.' : undefined}
        >
          <option value="">Choose a dataset</option>
          {datasets.map((d) => (
            <option key={d.datasetId} value={d.datasetId}>
              {d.dataset} ({d.datasetRef}, {dqServiceLabels[d.service]})
            </option>
          ))}
        </SelectField>
        <TextAreaField label="Description" name="description" defaultValue={defaults.description} maxLength={limits.description} rows={2} wide error={errors.description} />
        <TextField label="Duration (months)" name="duration" type="number" min={1} max={limits.maxDuration} defaultValue={defaults.duration} required error={errors.duration} hint="How long a bundle of this plan lasts." />
        <SelectField
          label="Territory"
          name="territory"
          value={territory}
          onChange={(e) => setTerritory(territoryOf(e.target.value) ?? territory)}
          error={errors.territory}
          hint={`Prices are in ${currencySymbols[territory]}.`}
        >
          {territories.map((t) => (
            <option key={t} value={t}>
              {territoryLabels[t]}
            </option>
          ))}
        </SelectField>
        <DateField
          label="Available from"
          name="availableStart"
          defaultValue={defaults.availableStart}
          required
          error={errors.availableStart}
          echo={(day) => `On sale from ${day}`}
        />
        <DateField
          label="Available until"
          name="availableEnd"
          defaultValue={defaults.availableEnd}
          error={errors.availableEnd}
          echo={(day) => `On sale until ${day}`}
          hint="Leave blank to keep it on sale with no end date."
        />
        <SelectField
          label="Calculator"
          name="calculator"
          value={calculator}
          onChange={(e) => setCalculator(calculatorOf(e.target.value))}
          hint={calculatorLabels[calculator]}
        >
          {calculators.map((c) => (
            <option key={c} value={c}>
              {calculatorLabels[c].split(':')[0]}
            </option>
          ))}
        </SelectField>
        <TextField label="Display order" name="displayOrder" type="number" min={0} max={limits.maxDisplayOrder} defaultValue={defaults.displayOrder} error={errors.displayOrder} hint="Lower numbers show first in the shop." />
        <SelectField
          label="Deprecated by"
          name="deprecatedByPlanId"
          defaultValue={defaults.deprecatedByPlanId}
          hint="A plan replaced by a newer one is no longer sold; its subscriptions keep working."
        >
          <option value="">Not deprecated</option>
          {replacements.map((p) => (
            <option key={p.planId} value={p.planId}>
              {p.plan} ({territoryLabels[p.territory]})
            </option>
          ))}
        </SelectField>
        <label className="checkbox field--wide">
          <input type="checkbox" name="allowTest" defaultChecked={defaults.allowTest} /> Allow test clicks: customers may try the service before buying
        </label>
        <TiersEditor
          drafts={drafts}
          onChange={(next) => {
            setDrafts(next);
            setTouchedTiers(true);
          }}
          calculator={calculator}
          territory={territory}
          showProblem={touchedTiers}
        />
        <div className="form__row">
          <SubmitButton busy={busy} label={plan ? 'Save plan' : 'Create plan'} busyLabel="Saving…" />
          {plan ? (
            <Link to="/dataAdministration/plan/$planId" params={{ planId: plan.planId }} className="button">
              Cancel
            </Link>
          ) : (
            <Link to="/dataAdministration" className="button">
              Cancel
            </Link>
          )}
        </div>
      </form>
    </section>
  );
}
