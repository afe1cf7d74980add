import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { dqServiceLabels, dqServices } from '../../../contract/shared/catalogue';
import { catalogueLimits as limits, catalogueMessages as messages, datasetRefOf, datasetRefProblem } from '../../../contract/shared/catalogueRules';
import { optionalTextProblem, textProblem } from '../../../contract/shared/text';
import type { Dataset, DatasetBody } from '../../api/plans';
import { formValues } from '../../shared/Field';
import { SubmitButton } from '../../shared/SubmitButton';
import { useSubmitThenGo } from '../../shared/useSubmitThenGo';
import { focusField, SelectField, TextAreaField, TextField } from './fields';
import { useCatalogueApi } from './useCatalogueApi';
import { firstProblem, serviceOf } from './rules';
import './dataAdministration.css';

const order = ['dataset', 'datasetRef', 'service', 'description'] as const;
type Errors = Partial<Record<(typeof order)[number], string | null>>;

/** The checks of contract/plans/schemas.ts datasetInput (contract/shared/catalogueRules.ts), in its words; the body when they pass. */
export function readDataset(v: Record<string, string>): { body: DatasetBody; errors: null } | { body: null; errors: Errors } {
  const service = serviceOf(v.service ?? '');
  const errors: Errors = {
    dataset: textProblem(v.dataset ?? '', 'A name', limits.name),
    datasetRef: datasetRefProblem(v.datasetRef ?? ''),
    service: service ? null : messages.serviceRequired,
    description: optionalTextProblem(v.description ?? '', 'A description', limits.description),
  };
  if (firstProblem(order, errors) || !service) return { body: null, errors };
  return {
    body: { dataset: v.dataset.trim(), datasetRef: datasetRefOf(v.datasetRef), service, description: (v.description ?? '').trim() },
    errors: null,
  };
}

/** Create (no `dataset`) or edit a dataset; saved, it opens the dataset's page. */
export function DatasetForm({ dataset }: { dataset?: Dataset }) {
  const api = useCatalogueApi();
  const navigate = useNavigate();
  const { actor, busy } = useSubmitThenGo(
    (input: DatasetBody): Promise<Dataset> => (dataset ? api.updateDataset(dataset.datasetId, input) : api.createDataset(input)),
    (result) => navigate({ to: '/dataAdministration/dataset/$datasetId', params: { datasetId: result.datasetId } }),
    { waitForReload: false },
  );
  const [errors, setErrors] = useState<Errors>({});

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const read = readDataset(formValues(e.currentTarget));
    setErrors(read.errors ?? {});
    if (read.errors) return void focusField(firstProblem(order, read.errors));
    actor.send({ type: 'user.submit', values: read.body });
  };
  const title = dataset ? `Edit ${dataset.dataset}` : 'Create dataset';

  return (
    <section className="card catalogue-form" aria-labelledby="dataset-form-title">
      <h1 id="dataset-form-title">{title}</h1>
      <p className="muted">A dataset is the reference data one service answers from. Plans sell clicks of it.</p>
      <form onSubmit={submit} className="form form--grid" noValidate aria-busy={busy}>
        <TextField label="Name" name="dataset" defaultValue={dataset?.dataset} maxLength={limits.name} required error={errors.dataset} />
        <TextField
          label="Reference"
          name="datasetRef"
          defaultValue={dataset?.datasetRef}
          maxLength={32}
          required
          autoCapitalize="characters"
          hint="2 to 32 letters, digits, - or _, such as PAF or GNAF; kept in capitals."
          error={errors.datasetRef}
        />
        <SelectField label="Service" name="service" defaultValue={dataset?.service ?? ''} required error={errors.service}>
          <option value="">Choose a service</option>
          {dqServices.map((s) => (
            <option key={s} value={s}>
              {dqServiceLabels[s]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Description"
          name="description"
          defaultValue={dataset?.description}
          maxLength={limits.description}
          rows={3}
          wide
          error={errors.description}
        />
        <div className="form__row">
          <SubmitButton busy={busy} label={dataset ? 'Save dataset' : 'Create dataset'} busyLabel="Saving…" />
          {dataset ? (
            <Link to="/dataAdministration/dataset/$datasetId" params={{ datasetId: dataset.datasetId }} className="button">
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
