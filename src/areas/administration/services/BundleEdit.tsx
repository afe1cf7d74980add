import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from '@tanstack/react-router';
import { formatMoney } from '../../../../contract/shared/catalogue';
import { usePortal } from '../../../app/PortalContext';
import { formatDate } from '../../../shared/format';
import { SubmitButton } from '../../../shared/SubmitButton';
import { useSubmitThenGo } from '../../../shared/useSubmitThenGo';
import { fieldsOf, updateBody, type BundleFields, type FieldProblems } from './bundleForm';
import { BundleFieldset } from './BundleFieldset';
import { plansApi, type Bundle, type BundleUpdate } from '../../../api/plans';
import { count, sourceLabels } from './summary';
import './services.css';

/** /administration/services/bundleedit/{bundleId} (admin, super, sales): a bundle's clicks, dates and price. */
export default function BundleEdit() {
  const { account } = useLoaderData({ from: '/_signedIn/_validated/administration/services' });
  const { bundle, territory } = useLoaderData({ from: '/_signedIn/_validated/administration/services/bundleedit/$bundleId' });
  const portal = usePortal();
  const navigate = useNavigate();
  // The services page's data is loaded again before going there, so it opens with the change in it.
  const { actor, busy } = useSubmitThenGo(
    (input: { bundleId: number; body: BundleUpdate }): Promise<Bundle> => plansApi(portal.api).updateBundle(input.bundleId, input.body),
    () => navigate({ to: '/administration/services' }),
  );
  const [fields, setFields] = useState<BundleFields>(() => fieldsOf(bundle));
  const [problems, setProblems] = useState<FieldProblems>({});

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { body, problems: found } = updateBody(bundle, fields);
    setProblems(found);
    const first = (['clicks', 'price', 'start', 'end'] as const).find((k) => found[k]);
    if (first) {
      document.getElementById(`field-${first}`)?.focus();
      return;
    }
    // Nothing changed: nothing to send.
    if (Object.keys(body).length === 0) {
      void navigate({ to: '/administration/services' });
      return;
    }
    actor.send({ type: 'user.submit', values: { bundleId: bundle.bundleId, body } });
  };

  return (
    <section className="card card--narrow bundle-form" aria-labelledby="bundle-edit-title">
      <h1 id="bundle-edit-title">Edit bundle {bundle.bundleId}</h1>
      <p className="bundle-form__summary">
        {bundle.plan} for <strong>{account?.name}</strong>: {count(bundle.clicks)} clicks ({count(bundle.usedClicks)} used) at{' '}
        {formatMoney(bundle.price, territory)}, {sourceLabels[bundle.source].toLowerCase()}, from {formatDate(bundle.startDate)} to{' '}
        {formatDate(bundle.endDate)}.
      </p>
      <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
        <BundleFieldset
          fields={fields}
          problems={problems}
          onChange={(name, value) => setFields((f) => ({ ...f, [name]: value }))}
          priceHint="0 makes the bundle free."
          startHint="Sent only when you change it; the bundle keeps its own otherwise."
          currency={territory}
        />
        <div className="form__row">
          <SubmitButton busy={busy} label="Save bundle" busyLabel="Saving…" />
          <Link to="/administration/services" className="button">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
