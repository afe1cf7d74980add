import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { datasetCountries, type AddressDataset } from '../../../contract/address/entities';
import * as E from '../../../contract/address/endpoints';
import * as S from '../../../contract/address/schemas';
import { notFound } from '../../errors';
import { route, type RouteEntry } from '../../http/route';
import type { Deps } from '../../kernel/deps';
import { addressMessages, autocomplete, checkLookup, autocompleteDatasetRefs, listDatasets, listOutputs, lookup, lookupDatasetRefs, readyIndex } from './service';

// Address lookup (service address) and autocomplete (service autocomplete). The dataset list and the
// list outputs are free but authenticated like any data-quality call; lookups and suggestions are
// metered (one click each), charged against the dataset's plans (PAF or GNAF; AUTOC-UK or AUTOC-AU).

const lookups: [AddressDataset, RouteEntry<typeof S.lookup>][] = [['uk', E.lookupUk], ['australia', E.lookupAustralia]];

/** GET /json/{anything else}: authenticated like a lookup, then 404 for the dataset it names. */
const unknownDataset = { method: 'GET', path: '/json/:dataset', auth: 'bearer' } as const;
const unknownDatasetShape = { response: z.never() };

export const addressPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const datasets = deps.addressDatasets;
  if (deps.config.address.preload) app.addHook('onListen', async () => void datasets.start());
  const free = { deps, service: 'addresslookup', free: true } as const;
  route(app, E.countries, S.countries, () => ({ datasets: listDatasets(datasets) }), { meter: free });
  route(app, E.outputs, S.outputs, () => listOutputs(), { meter: free });
  // The dataset refs as aliases: /json/PAF is /json/uk, /json/GNAF is /json/australia.
  const aliases = Object.entries(S.datasetAliases).map(([alias, dataset]) => [dataset, { method: 'GET', path: `/json/${alias}`, auth: 'bearer' }] as const);
  for (const [dataset, entry] of [...lookups, ...aliases]) {
    route(app, entry, S.lookup, async ({ query }) => lookup(datasets, dataset, query), {
      meter: {
        deps,
        service: 'addresslookup',
        before: ({ query }) => checkLookup(datasets, dataset, query.id),
        datasetRef: () => lookupDatasetRefs[dataset],
        country: () => datasetCountries[dataset],
      },
    });
  }
  route(app, unknownDataset, unknownDatasetShape, ({ params }) => {
    throw notFound(addressMessages.unknownDataset(params.dataset));
  }, { meter: free, docs: { errors: [404] } });
};

export const autocompletePlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const datasets = deps.addressDatasets;
  route(app, E.autocomplete, S.autocomplete, async ({ query }) => autocomplete(datasets, query), {
    meter: {
      deps,
      service: 'autocomplete',
      before: ({ query }) => void readyIndex(datasets, query.dataset),
      datasetRef: ({ query }) => autocompleteDatasetRefs[query.dataset],
      country: ({ query }) => datasetCountries[query.dataset],
    },
  });
};
