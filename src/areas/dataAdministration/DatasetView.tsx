import { useState } from 'react';
import { Link, useLoaderData, useNavigate, useRouter } from '@tanstack/react-router';
import { dqServiceLabels } from '../../../contract/shared/catalogue';
import { formatDate } from '../../shared/format';
import { nowSeconds } from './catalogue';
import { DeleteControl } from '../../shared/DeleteControl';
import { useCatalogueApi } from './useCatalogueApi';
import { PlansTable } from './PlansTable';
import './dataAdministration.css';

/** /dataAdministration/dataset/{datasetId}: the dataset, the plans that sell it, and deleting it while unused. */
export default function DatasetView() {
  const { dataset, plans } = useLoaderData({ from: '/_signedIn/_validated/dataAdministration/dataset/$datasetId' });
  const api = useCatalogueApi();
  const router = useRouter();
  const navigate = useNavigate();
  const [now] = useState(nowSeconds);
  const inUse = dataset.planCount > 0;

  return (
    <div className="catalogue">
      <section className="card" aria-labelledby="dataset-title">
        <div className="card__header">
          <div>
            <h1 id="dataset-title">{dataset.dataset}</h1>
            <p className="badges">
              <span className="badge badge--muted">{dqServiceLabels[dataset.service]}</span>
              <span className="badge badge--muted">{dataset.datasetRef}</span>
            </p>
          </div>
          <div className="form__row">
            <Link to="/dataAdministration/dataset/$datasetId/edit" params={{ datasetId: dataset.datasetId }} className="button">
              Edit dataset
            </Link>
            <Link to="/dataAdministration/plan/create" search={{ datasetId: String(dataset.datasetId) }} className="button button--primary">
              Create plan
            </Link>
          </div>
        </div>
        <dl className="details">
          <dt>Dataset id</dt>
          <dd>{dataset.datasetId}</dd>
          <dt>Reference</dt>
          <dd>
            <code>{dataset.datasetRef}</code>
          </dd>
          <dt>Service</dt>
          <dd>{dqServiceLabels[dataset.service]}</dd>
          <dt>Description</dt>
          <dd>{dataset.description || '—'}</dd>
          <dt>Plans</dt>
          <dd>{dataset.planCount}</dd>
          <dt>Created</dt>
          <dd>{formatDate(dataset.createdDate)}</dd>
          <dt>Last updated</dt>
          <dd>{formatDate(dataset.updatedDate)}</dd>
        </dl>
      </section>

      <section className="card" aria-labelledby="dataset-plans-title">
        <h2 id="dataset-plans-title">Plans of this dataset</h2>
        <PlansTable
          labelledBy="dataset-plans-title"
          plans={plans}
          now={now}
          showDataset={false}
          empty="No plans sell this dataset yet. Create one to put it in the shop."
        />
      </section>

      <section className="card" aria-labelledby="dataset-delete-title">
        <h2 id="dataset-delete-title">Delete this dataset</h2>
        <DeleteControl
          id="dataset-delete"
          what="dataset"
          name={dataset.dataset}
          blocked={
            inUse
              ? `${dataset.dataset} cannot be deleted while ${dataset.planCount === 1 ? '1 plan uses' : `${dataset.planCount} plans use`} it. Delete those plans first, or move them to another dataset.`
              : null
          }
          act={() => api.deleteDataset(dataset.datasetId)}
          done={() => {
            void navigate({ to: '/dataAdministration' });
            void router.invalidate();
          }}
        />
      </section>
    </div>
  );
}
