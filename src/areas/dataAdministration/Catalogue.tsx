import { useState } from 'react';
import { Link, useLoaderData } from '@tanstack/react-router';
import { dqServiceLabels, dqServices } from '../../../contract/shared/catalogue';
import { territories, territoryLabels } from '../../../contract/shared/territory';
import { downloadCsv } from '../../shared/csv';
import { PageTour } from '../../shared/helptips/PageTour';
import { dataAdministrationTour } from '../../shared/helptips/tours/dataAdministration';
import { datasetsCsv, filterDatasets, filterPlans, isSold, noPlanFilters, nowSeconds, plansCsv, type PlanFilters } from './catalogue';
import { DatasetsTable, PlansTable } from './PlansTable';
import { serviceOf } from './rules';
import './dataAdministration.css';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** /dataAdministration (admin, super): the catalogue's datasets and plans, filtered, exported, created. */
export default function Catalogue() {
  const { datasets, plans } = useLoaderData({ from: '/_signedIn/_validated/dataAdministration/' });
  const [now] = useState(nowSeconds);
  // The filters are how the tables are being looked at, not catalogue data: they live with the view.
  const [datasetService, setDatasetService] = useState<PlanFilters['service']>('');
  const [filters, setFilters] = useState<PlanFilters>(noPlanFilters);
  const shownDatasets = filterDatasets(datasets, datasetService);
  const shownPlans = filterPlans(plans, filters, now);
  const hidden = filters.showAll ? 0 : filterPlans(plans, { ...filters, showAll: true }, now).length - shownPlans.length;
  const unsold = plans.filter((p) => !isSold(p, now)).length;

  return (
    <div className="catalogue catalogue--home">
      <section className="card" aria-labelledby="catalogue-title" id="catalogue-intro">
        <h1 id="catalogue-title">Datasets &amp; Plans</h1>
        <p className="muted">
          Everything the shop sells comes from here. A dataset is the reference data one service answers from; a plan sells clicks of
          a dataset in one territory, priced in that territory's currency. What customers paid for them: <Link to="/charges">Charges</Link>.
        </p>
      </section>

      <section className="card" aria-labelledby="datasets-title" id="catalogue-datasets">
        <div className="card__header">
          <h2 id="datasets-title">Datasets</h2>
          <div className="form__row">
            <button type="button" className="button" disabled={shownDatasets.length === 0} onClick={() => downloadCsv('datasets.csv', datasetsCsv(shownDatasets))}>
              Export CSV
            </button>
            <Link to="/dataAdministration/dataset/create" className="button button--primary" id="create-dataset">
              Create dataset
            </Link>
          </div>
        </div>
        <div className="catalogue-filters" role="group" aria-label="Filter datasets">
          <div className="field">
            <label htmlFor="datasets-service">Service</label>
            <select id="datasets-service" value={datasetService} onChange={(e) => setDatasetService(serviceOf(e.target.value) ?? '')}>
              <option value="">All services</option>
              {dqServices.map((s) => (
                <option key={s} value={s}>
                  {dqServiceLabels[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="muted catalogue-summary" role="status">
          {datasets.length > 0 && `Showing ${shownDatasets.length} of ${count(datasets.length, 'dataset')}.`}
        </p>
        <DatasetsTable
          labelledBy="datasets-title"
          datasets={shownDatasets}
          empty={
            datasets.length === 0 ? (
              'No datasets yet. Create one for each service the shop sells (PAF for UK address lookup, say), then its plans.'
            ) : (
              <>
                No {datasetService && dqServiceLabels[datasetService].toLowerCase()} datasets.{' '}
                <button type="button" className="link-button" onClick={() => setDatasetService('')}>
                  Show every service
                </button>
              </>
            )
          }
        />
      </section>

      <section className="card" aria-labelledby="plans-title" id="catalogue-plans">
        <div className="card__header">
          <h2 id="plans-title">Plans</h2>
          <div className="form__row">
            <button type="button" className="button" disabled={shownPlans.length === 0} onClick={() => downloadCsv('plans.csv', plansCsv(shownPlans, now))} id="export-plans">
              Export CSV
            </button>
            <Link to="/dataAdministration/plan/create" className="button button--primary" id="create-plan">
              Create plan
            </Link>
          </div>
        </div>
        <div className="catalogue-filters" role="group" aria-label="Filter plans" id="plan-filters">
          <div className="field">
            <label htmlFor="plans-service">Service</label>
            <select id="plans-service" value={filters.service} onChange={(e) => setFilters({ ...filters, service: serviceOf(e.target.value) ?? '' })}>
              <option value="">All services</option>
              {dqServices.map((s) => (
                <option key={s} value={s}>
                  {dqServiceLabels[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="plans-territory">Territory</label>
            <select
              id="plans-territory"
              value={filters.territory}
              onChange={(e) => setFilters({ ...filters, territory: territories.find((t) => t === e.target.value) ?? '' })}
            >
              <option value="">Both territories</option>
              {territories.map((t) => (
                <option key={t} value={t}>
                  {territoryLabels[t]}
                </option>
              ))}
            </select>
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={filters.showAll} onChange={(e) => setFilters({ ...filters, showAll: e.target.checked })} />
            Show deprecated and unavailable plans{unsold > 0 && ` (${unsold})`}
          </label>
        </div>
        <p className="muted catalogue-summary" role="status">
          {plans.length > 0 && `Showing ${shownPlans.length} of ${count(plans.length, 'plan')}`}
          {hidden > 0 && `; ${hidden} deprecated or outside their availability window ${hidden === 1 ? 'is' : 'are'} hidden`}
          {plans.length > 0 && '.'}
        </p>
        <PlansTable
          labelledBy="plans-title"
          plans={shownPlans}
          now={now}
          empty={
            plans.length === 0 ? (
              datasets.length === 0 ? 'No plans yet. Create a dataset first, then the plans that sell it.' : 'No plans yet. Create the first plan the shop will sell.'
            ) : (
              <>
                No plans match these filters.{' '}
                <button type="button" className="link-button" onClick={() => setFilters({ ...noPlanFilters, showAll: true })}>
                  Show every plan
                </button>
              </>
            )
          }
        />
      </section>
      <PageTour tour={dataAdministrationTour} />
    </div>
  );
}
