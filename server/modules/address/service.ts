import type { AddressDataset, DatasetInfo } from '../../../contract/address/entities';
import { addressDatasets, autocompleteDatasetRefs, lookupDatasetRefs } from '../../../contract/address/entities';
import type { labelOptions } from '../../../contract/address/schemas';
import { defaultLabelConfig, labelFormats, lineRules, maxOutputFields, minOutputFields, townFormats } from '../../../contract/shared/labelConfig';
import { formatRecord, labelConfigFor, suggestionOf, type AddressDatasets } from '../../engines/address/datasets';
import { compactUkPostcode, gnafFields, pafFields } from '../../engines/address/records';
import { AppError, notFound } from '../../errors';
import type { z } from 'zod';

// The address lookup and autocomplete services over the engine: readiness (503 with Retry-After
// until a dataset is loaded, so a caller never takes an empty answer for a real one), lookups by
// postcode, free text or a suggestion's id, and suggestions as the user types.

export const addressMessages = {
  loading: (dataset: AddressDataset, count: number) =>
    `The ${dataset} address data is still loading (${count.toLocaleString('en-GB')} addresses so far): try again in a few seconds. Nothing was charged.`,
  failed: (dataset: AddressDataset) => `The ${dataset} address data could not be loaded: please contact support. Nothing was charged.`,
  unknownDataset: (name: string) => `Unknown dataset '${name.slice(0, 40)}': the datasets are ${addressDatasets.join(', ')}`,
  unknownId: (id: string) => `No address has the id '${id.slice(0, 40)}' in this dataset`,
} as const;

const names: Record<AddressDataset, string> = { uk: 'United Kingdom: PAF sample', australia: 'Australia: G-NAF sample' };

/** Seconds a caller should wait while the data loads. */
export const loadingRetrySeconds = 5;

/** Throws 503 (Retry-After) while the dataset loads, 503 when it failed; starts loading if nothing has. */
export function readyIndex(datasets: AddressDatasets, dataset: AddressDataset) {
  void datasets.start();
  const state = datasets.state(dataset);
  if (state.status === 'failed') throw new AppError(503, addressMessages.failed(dataset));
  if (state.status !== 'ready' || !state.index) throw new AppError(503, addressMessages.loading(dataset, state.count), loadingRetrySeconds);
  return { index: state.index, layout: state.layout };
}

export function listDatasets(datasets: AddressDatasets): DatasetInfo[] {
  void datasets.start();
  return datasets.list().map((s) => ({
    dataset: s.dataset,
    name: s.sample ? names[s.dataset] : names[s.dataset].replace(' sample', ''),
    format: s.layout,
    datasetRef: lookupDatasetRefs[s.dataset],
    sample: s.sample,
    count: s.count,
    ready: s.status === 'ready',
    error: s.status === 'failed' ? addressMessages.failed(s.dataset) : null,
  }));
}

const recordId = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : -1);

/** Before the meter: the dataset is ready and a suggestion's id names a record (404 otherwise, nothing charged). */
export function checkLookup(datasets: AddressDatasets, dataset: AddressDataset, id: string | undefined): void {
  const { index } = readyIndex(datasets, dataset);
  if (id !== undefined && index.fields(recordId(id)).length === 0) throw notFound(addressMessages.unknownId(id));
}

type LookupInput = z.output<typeof labelOptions> & { q?: string; id?: string; limit: number };

/** GET /json/{dataset}: a suggestion's id, else a full postcode, else free text. */
export function lookup(datasets: AddressDatasets, dataset: AddressDataset, input: LookupInput) {
  const { index, layout } = readyIndex(datasets, dataset);
  const config = labelConfigFor(dataset, input);
  const format = (id: number) => formatRecord(layout, id, index.fields(id), config);
  if (input.id !== undefined) {
    const id = recordId(input.id);
    if (index.fields(id).length === 0) throw notFound(addressMessages.unknownId(input.id));
    return { dataset, addresses: [format(id)], more: false };
  }
  const q = input.q ?? '';
  const postcode = dataset === 'uk' ? compactUkPostcode(q) : /^\s*\d{4}\s*$/.test(q) ? q.trim() : null;
  const found = postcode ? index.byPostcode(postcode, input.limit) : index.search(q, input.limit);
  return { dataset, addresses: found.ids.map(format), more: found.more };
}

/** GET /autoc/json. */
export function autocomplete(datasets: AddressDatasets, input: { q: string; dataset: AddressDataset; limit: number }) {
  const { index, layout } = readyIndex(datasets, input.dataset);
  const found = index.search(input.q, input.limit);
  return { dataset: input.dataset, suggestions: found.ids.map((id) => suggestionOf(layout, id, index.fields(id))), more: found.more };
}

export function listOutputs() {
  return {
    labelFormat: [...labelFormats],
    townFormat: [...townFormats],
    reserverOrgLine: [...lineRules],
    includeCounty: [...lineRules],
    outputFields: { min: minOutputFields, max: maxOutputFields },
    defaults: { uk: defaultLabelConfig('uk'), australia: defaultLabelConfig('australia') },
    fields: { uk: [...pafFields], australia: [...gnafFields] },
  };
}

export { autocompleteDatasetRefs, lookupDatasetRefs };
