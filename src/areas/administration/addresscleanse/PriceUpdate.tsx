import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { territoryLabels } from '../../../../contract/shared/territory';
import { usePortal } from '../../../app/PortalContext';
import { FieldError } from '../../../shared/Field';
import { formatDate } from '../../../shared/format';
import { ResultTable } from '../../../shared/ResultTable';
import { SubmitButton } from '../../../shared/SubmitButton';
import { useSubmitThenGo } from '../../../shared/useSubmitThenGo';
import { bureauApi, type AdminCost, type CostBody } from '../../../api/bureau';
import { basePrice, costState, historyOf, minorUnit, perUnit, startText } from './costText';
import { fieldsOf, priceBody, priceFields, priceLabels, priceServerProblems, type PriceField, type PriceFields, type PriceProblems } from './priceForm';
import './bureauAdmin.css';
import { formatCount } from '../../../../contract/shared/numbers';

const hints = (territory: AdminCost['territory']): Partial<Record<PriceField, string>> => {
  const unit = minorUnit[territory].name;
  return {
    basePrice: 'Charged once per file, with up to 2 decimals.',
    pricePerRecord: `In ${unit}, up to 4 decimals (0.35 is 0.35${minorUnit[territory].short} a record).`,
    pricePerMatch: `In ${unit}, up to 4 decimals.`,
    realPricePerRecord: `What the data owner is owed per record, in ${unit}.`,
    realPricePerMatch: `What the data owner is owed per match, in ${unit}.`,
    minRecCount: 'A file is charged for at least this many records.',
    startDate: 'dd/mm/yyyy. Leave blank to start now; a later day keeps the current price until then.',
  };
};

/** /administration/addresscleanse/priceupdate/{costId} (admin, super): a new price for a cost type in a territory (POST /admin/costs), with its history. */
export default function PriceUpdate() {
  const { cost, costs, costType, now } = useLoaderData({ from: '/_signedIn/_validated/administration/addresscleanse/priceupdate/$costId' });
  const portal = usePortal();
  const navigate = useNavigate();
  const [fields, setFields] = useState<PriceFields>(() => fieldsOf(cost, now));
  const [problems, setProblems] = useState<PriceProblems>({});
  // The prices are loaded again before the page shows them, so the new price is there.
  const { actor, busy } = useSubmitThenGo(
    (input: CostBody): Promise<AdminCost> => bureauApi(portal.api).createCost(input),
    (result) => navigate({ to: '/administration/addresscleanse', search: { saved: result.costId } }),
  );
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : undefined));
  const refused = failure ? priceServerProblems(failure.replace(/^Failed to save the price: /, '')) : null;
  const shown: PriceProblems = { ...refused?.problems, ...problems };

  const territory = cost.territory;
  const labels = priceLabels(territory);
  const fieldHints = hints(territory);
  const name = costType?.name ?? `Cost type ${cost.costTypeId}`;
  const history = historyOf(costs, cost.costTypeId, territory);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { body, problems: found } = priceBody(cost, fields, now);
    setProblems(found);
    const first = priceFields.find((f) => found[f]);
    if (first) document.getElementById(`price-${first}`)?.focus();
    if (body) actor.send({ type: 'user.submit', values: body });
  };
  const change = (field: PriceField, value: string) => {
    setFields((f) => ({ ...f, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
    if (failure) actor.send({ type: 'user.edit' });
  };

  return (
    <div className="bureau-admin">
      <section className="card card--narrow" aria-labelledby="price-update-title">
        <h1 id="price-update-title">Update price</h1>
        <p>
          <strong>{name}</strong>, {territoryLabels[territory]}. The new price replaces the one in force from its start date; the old one stays
          in the history below.
        </p>
        {cost.startDate > now && (
          <p className="card bureau-admin__saved" role="note">
            This price is scheduled from {formatDate(cost.startDate)} and has not started: a new price starting on or before that day replaces it
            (the form starts on its day). A later day keeps it until then.
          </p>
        )}
        <form className="form" onSubmit={submit} noValidate aria-busy={busy} aria-label={`New price: ${name}`}>
          {priceFields.map((f) => (
            <div className="field" key={f}>
              <label htmlFor={`price-${f}`}>{labels[f]}</label>
              <input
                id={`price-${f}`}
                name={f}
                type="text"
                inputMode={f === 'minRecCount' || f === 'startDate' ? 'numeric' : 'decimal'}
                autoComplete="off"
                value={fields[f]}
                onChange={(e) => change(f, e.currentTarget.value)}
                aria-invalid={shown[f] ? true : undefined}
                aria-describedby={`price-${f}-hint${shown[f] ? ` price-${f}-error` : ''}`}
              />
              <small id={`price-${f}-hint`} className="field__hint">
                {fieldHints[f]}
              </small>
              <FieldError id={`price-${f}-error`} text={shown[f]} />
            </div>
          ))}
          {refused?.rest && (
            <p className="field-error" role="alert">
              {refused.rest}
            </p>
          )}
          <div className="form__row">
            <SubmitButton busy={busy} label="Save price" busyLabel="Saving…" />
            <Link to="/administration/addresscleanse" className="button">
              Cancel
            </Link>
          </div>
        </form>
      </section>

      <section className="card" aria-labelledby="price-history-title">
        <h2 id="price-history-title">Price history</h2>
        <ResultTable<AdminCost & { id: number }>
          labelledBy="price-history-title"
          rows={history.map((c) => ({ ...c, id: c.costId }))}
          empty="This cost type has no prices yet."
          columns={[
            { header: 'From', cell: (c) => startText(c.startDate), className: 'nowrap' },
            { header: 'To', cell: (c) => (c.endDate === null ? '—' : formatDate(c.endDate)) },
            { header: 'State', cell: (c) => <StateBadge cost={c} now={now} />, className: 'nowrap' },
            { header: 'Base price', cell: (c) => basePrice(c.basePrice, territory), className: 'num' },
            { header: 'Per record', cell: (c) => perUnit(c.pricePerRecord, territory), className: 'num' },
            { header: 'Per match', cell: (c) => perUnit(c.pricePerMatch, territory), className: 'num' },
            { header: 'Real per record', cell: (c) => perUnit(c.realPricePerRecord, territory), className: 'num' },
            { header: 'Real per match', cell: (c) => perUnit(c.realPricePerMatch, territory), className: 'num' },
            { header: 'Minimum records', cell: (c) => formatCount(c.minRecCount), className: 'num' },
          ]}
        />
      </section>
    </div>
  );
}

function StateBadge({ cost, now }: { cost: AdminCost; now: number }) {
  const state = costState(cost, now);
  const [text, tone] = state === 'current' ? ['In force', 'ok'] : state === 'scheduled' ? ['Scheduled', 'warning'] : ['Ended', 'muted'];
  return <span className={`badge badge--${tone}`}>{text}</span>;
}
