import { useState, type FormEvent } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { catalogueLimits as limits, displayOrderProblem } from '../../../contract/shared/catalogueRules';
import { textProblem } from '../../../contract/shared/text';
import { createSubmissionMachine } from '../../../machines/submission';
import type { Plan } from '../../api/plans';
import { formValues } from '../../shared/Field';
import { ResultTable } from '../../shared/ResultTable';
import { SubmitButton } from '../../shared/SubmitButton';
import { DeleteControl } from '../../shared/DeleteControl';
import { focusField, TextField } from './fields';
import { useCatalogueApi } from './useCatalogueApi';
import { displayOrderOf, firstProblem } from './rules';
import './dataAdministration.css';

export type ItemKind = 'filter' | 'comparison';
/** A filter or a comparison as this page lists it: comparisons have no category. */
type Item = { id: number; description: string; category: string | null; displayOrder: number };
type ItemValues = { id: number | null; description: string; category: string | null; displayOrder: number };

const order = ['description', 'category', 'displayOrder'] as const;
type Errors = Partial<Record<(typeof order)[number], string | null>>;

/** The checks of contract/plans/schemas.ts filterInput and comparisonInput, in their words. */
export function readItem(kind: ItemKind, v: Record<string, string>): { errors: Errors; ok: boolean } {
  const errors: Errors = {
    description: textProblem(v.description ?? '', 'A description', limits.itemText),
    category: kind === 'filter' ? textProblem(v.category ?? '', 'A category', limits.category) : null,
    displayOrder: displayOrderProblem(v.displayOrder ?? ''),
  };
  return { errors, ok: !firstProblem(order, errors) };
}

const saveItem = createSubmissionMachine<ItemValues>();

const itemsOf = (plan: Plan, kind: ItemKind): Item[] =>
  (kind === 'filter'
    ? plan.planFilter.map((f) => ({ id: f.filterId, description: f.description, category: f.category, displayOrder: f.displayOrder }))
    : plan.planComparison.map((c) => ({ id: c.comparisonId, description: c.description, category: null, displayOrder: c.displayOrder }))
  ).sort((a, b) => a.displayOrder - b.displayOrder);

/** /plan/{planId}/edit/filters and /edit/comparisons: the plan's lines for the shop, listed, added, changed, deleted. */
export function PlanItems({ plan, kind }: { plan: Plan; kind: ItemKind }) {
  const api = useCatalogueApi();
  const router = useRouter();
  const items = itemsOf(plan, kind);
  const noun = kind === 'filter' ? 'filter' : 'comparison';
  // Which row the form is changing (null: adding one), and a key that empties the form after a save.
  const [editing, setEditing] = useState<Item | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const actor = useActorRef(
    saveItem.provide({
      actors: {
        submit: fromPromise(({ input: { id, category, ...body } }) => {
          if (kind === 'filter') {
            const filter = { ...body, category: category ?? '' };
            return id === null ? api.createFilter(plan.planId, filter) : api.updateFilter(id, filter);
          }
          return id === null ? api.createComparison(plan.planId, body) : api.updateComparison(id, body);
        }),
      },
      actions: {
        succeeded: () => {
          setEditing(null);
          setFormKey((k) => k + 1);
          void router.invalidate();
        },
      },
    }),
  );
  const busy = useSelector(actor, (s) => s.matches('submitting'));
  const saved = useSelector(actor, (s) => (s.matches('succeeded') ? s.context.values : undefined));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const v = formValues(e.currentTarget);
    const read = readItem(kind, v);
    setErrors(read.errors);
    if (!read.ok) return void focusField(firstProblem(order, read.errors));
    actor.send({ type: 'user.edit' });
    actor.send({
      type: 'user.submit',
      values: { id: editing?.id ?? null, description: v.description.trim(), category: kind === 'filter' ? v.category.trim() : null, displayOrder: displayOrderOf(v.displayOrder) },
    });
  };
  const startEditing = (item: Item | null) => {
    setEditing(item);
    setErrors({});
    setFormKey((k) => k + 1);
  };
  const nextOrder = items.length ? Math.max(...items.map((i) => i.displayOrder)) + 1 : 1;
  const formTitle = editing ? `Change ${noun} “${editing.description}”` : `Add a ${noun}`;

  return (
    <div className="catalogue">
      <section className="card" aria-labelledby="items-title">
        <div className="card__header">
          <h1 id="items-title">
            {kind === 'filter' ? 'Filters' : 'Comparisons'} of {plan.plan}
          </h1>
          <nav className="subnav" aria-label="Plan editing">
            <Link to="/dataAdministration/plan/$planId" params={{ planId: plan.planId }}>
              Back to the plan
            </Link>
            <Link to="/dataAdministration/plan/$planId/edit" params={{ planId: plan.planId }}>
              Edit plan
            </Link>
            {kind === 'filter' ? (
              <Link to="/dataAdministration/plan/$planId/edit/comparisons" params={{ planId: plan.planId }}>
                Comparisons
              </Link>
            ) : (
              <Link to="/dataAdministration/plan/$planId/edit/filters" params={{ planId: plan.planId }}>
                Filters
              </Link>
            )}
          </nav>
        </div>
        <p className="muted">
          {kind === 'filter'
            ? 'Filters file the plan under categories in the shop, such as “Volume: High volume”. Lower display orders show first.'
            : 'Comparison lines are what the shop lists beside each plan when customers compare them. Lower display orders show first.'}
        </p>
        <ResultTable
          labelledBy="items-title"
          rows={items}
          empty={`No ${noun}s yet. Add the first one below.`}
          columns={[
            { header: 'Description', cell: (i) => i.description },
            kind === 'filter' && { header: 'Category', cell: (i) => i.category },
            { header: 'Order', cell: (i) => i.displayOrder },
            {
              header: 'Actions',
              // A flex box inside the cell: the cell itself stays a table cell, level with its row.
              cell: (i) => (
                <span className="row-actions">
                  <button type="button" className="link-button" aria-label={`Edit ${noun} ${i.description}`} onClick={() => startEditing(i)}>
                    Edit
                  </button>
                  <DeleteControl
                    compact
                    id={`${kind}-${i.id}-delete`}
                    what={noun}
                    name={i.description}
                    act={() => (kind === 'filter' ? api.deleteFilter(i.id) : api.deleteComparison(i.id))}
                    done={() => void router.invalidate()}
                  />
                </span>
              ),
            },
          ]}
        />
        <p role="status" className="status-line">
          {busy ? 'Saving…' : saved ? `${noun === 'filter' ? 'Filter' : 'Comparison'} “${saved.description}” ${saved.id === null ? 'added' : 'saved'}.` : ''}
        </p>
      </section>

      <section className="card catalogue-form" aria-labelledby="item-form-title">
        <h2 id="item-form-title">{formTitle}</h2>
        <form key={formKey} onSubmit={submit} className="form form--grid" noValidate aria-busy={busy}>
          <TextField label="Description" name="description" defaultValue={editing?.description} maxLength={limits.itemText} required error={errors.description} />
          {kind === 'filter' && (
            <TextField label="Category" name="category" defaultValue={editing?.category ?? ''} maxLength={limits.category} required error={errors.category} />
          )}
          <TextField
            label="Display order"
            name="displayOrder"
            type="number"
            min={0}
            max={limits.maxDisplayOrder}
            defaultValue={editing?.displayOrder ?? nextOrder}
            error={errors.displayOrder}
          />
          <div className="form__row">
            <SubmitButton busy={busy} label={editing ? `Save ${noun}` : `Add ${noun}`} busyLabel="Saving…" />
            {editing && (
              <button type="button" className="button" onClick={() => startEditing(null)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      </section>
    </div>
  );
}
