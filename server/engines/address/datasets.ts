import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressDataset } from '../../../contract/address/entities';
import { acceptLabelConfig, type LabelConfig } from '../../../contract/shared/labelConfig';
import { formatLabel, oneLine, type LabelParts } from '../../../contract/shared/addressLabel';
import { gnafParts, pafParts } from './format';
import { ukPostTowns, writeAustraliaSample, writeUkSample } from './generate';
import type { AddressIndex } from './index';
import { loadCsv } from './load';
import { gnafFields, pafFields, type GnafRecord, type Layout, type PafRecord } from './records';

// The two address datasets and their loading: a configured full file (ADDRESS_DATA_UK,
// ADDRESS_DATA_AUSTRALIA) or the generated sample in the data folder, generated there on first start
// when missing. Loading runs in the background; until a dataset is ready its state says so.

export type DatasetsOptions = {
  dataDir: string;
  ukFile: string | null;
  australiaFile: string | null;
  /** Addresses per generated sample file. */
  sampleSize: number;
  log?: { info?(msg: string): void; error(obj: unknown, msg?: string): void };
};

export type DatasetState = {
  dataset: AddressDataset;
  layout: Layout;
  file: string;
  sample: boolean;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  count: number;
  error: string | null;
  index: AddressIndex | null;
  loadMs: number | null;
};

export const layouts: Record<AddressDataset, Layout> = { uk: 'PAF', australia: 'GNAF' };

export type AddressDatasets = ReturnType<typeof createAddressDatasets>;

export function createAddressDatasets(options: DatasetsOptions) {
  const dir = join(options.dataDir, 'address');
  const states: Record<AddressDataset, DatasetState> = {
    uk: blank('uk', options.ukFile ?? join(dir, `uk-paf-sample-${options.sampleSize}.csv`), options.ukFile === null),
    australia: blank('australia', options.australiaFile ?? join(dir, `australia-gnaf-sample-${options.sampleSize}.csv`), options.australiaFile === null),
  };
  let started: Promise<void> | null = null;

  async function loadOne(state: DatasetState) {
    const began = performance.now();
    state.status = 'loading';
    try {
      if (state.sample && !existsSync(state.file)) {
        mkdirSync(dir, { recursive: true });
        const partial = `${state.file}.${process.pid}.partial`;
        if (state.dataset === 'uk') await writeUkSample(partial, options.sampleSize);
        else await writeAustraliaSample(partial, options.sampleSize);
        renameSync(partial, state.file);
      }
      const { index } = await loadCsv(state.file, state.layout, { onProgress: (count) => (state.count = count) });
      state.index = index;
      state.count = index.size;
      state.status = 'ready';
      state.loadMs = Math.round(performance.now() - began);
      options.log?.info?.(`Address dataset ${state.dataset}: ${index.size} addresses in ${state.loadMs} ms`);
    } catch (error) {
      state.status = 'failed';
      state.error = error instanceof Error ? error.message : String(error);
      options.log?.error({ err: error }, `Address dataset ${state.dataset} could not be loaded`);
    }
  }

  return {
    /** Starts loading both datasets in the background (once); resolves when both are done. */
    start(): Promise<void> {
      started ??= (async () => {
        await loadOne(states.uk);
        await loadOne(states.australia);
      })();
      return started;
    },
    state(dataset: AddressDataset): DatasetState {
      return states[dataset];
    },
    list(): DatasetState[] {
      return [states.uk, states.australia];
    },
  };
}

function blank(dataset: AddressDataset, file: string, sample: boolean): DatasetState {
  return { dataset, layout: layouts[dataset], file, sample, status: 'idle', count: 0, error: null, index: null, loadMs: null };
}

// ---- Formatting a record of a dataset ----

const towns = ukPostTowns();
const countyOfTown = new Map<string, Set<string>>();
for (const t of towns) {
  const set = countyOfTown.get(t.postTown) ?? new Set<string>();
  if (t.county) set.add(t.county);
  countyOfTown.set(t.postTown, set);
}
const countyByAreaTown = new Map(towns.map((t) => [`${t.area}|${t.postTown}`, t.county]));

/** The UK county of a post town (from the post towns list) and whether the town's name alone is ambiguous. */
export function ukCounty(postTown: string, postcode: string): { county: string; required: boolean } {
  const town = postTown.toUpperCase();
  const area = /^[A-Z]{1,2}/.exec(postcode.toUpperCase())?.[0] ?? '';
  const counties = countyOfTown.get(town);
  const county = countyByAreaTown.get(`${area}|${town}`) ?? (counties?.size === 1 ? [...counties][0] : '');
  return { county, required: (counties?.size ?? 0) > 1 };
}

export function asRecord<L extends Layout>(layout: L, fields: string[]): L extends 'PAF' ? PafRecord : GnafRecord {
  const names = layout === 'PAF' ? pafFields : gnafFields;
  return Object.fromEntries(names.map((n, i) => [n, fields[i] ?? ''])) as L extends 'PAF' ? PafRecord : GnafRecord;
}

export function partsOf(layout: Layout, fields: string[]): LabelParts {
  if (layout === 'PAF') {
    const r = asRecord('PAF', fields);
    const { county, required } = ukCounty(r.post_town, r.postcode);
    return pafParts(r, county, required);
  }
  return gnafParts(asRecord('GNAF', fields));
}

/** A record as the lookup answers it: the label, its raw fields, town, county and postcode. */
export function formatRecord(layout: Layout, id: number, fields: string[], config: LabelConfig) {
  const parts = partsOf(layout, fields);
  const names = layout === 'PAF' ? pafFields : gnafFields;
  return {
    id: String(id),
    label: formatLabel(parts, config),
    fields: Object.fromEntries(names.map((n, i) => [n, fields[i] ?? ''])),
    postcode: parts.postcode,
    town: parts.town,
    county: parts.county,
    parts,
  };
}

export function suggestionOf(layout: Layout, id: number, fields: string[]) {
  const parts = partsOf(layout, fields);
  return { id: String(id), text: oneLine(parts), postcode: parts.postcode };
}

/** The label options of a call over the dataset's defaults, through the same acceptance as saved ones. */
export function labelConfigFor(dataset: AddressDataset, options: Partial<LabelConfig>): LabelConfig {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  return acceptLabelConfig({ ...acceptLabelConfig({}, dataset), ...defined }, dataset);
}
