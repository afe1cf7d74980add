import type { FastifyPluginAsync } from 'fastify';
import { datasetCountries, type AddressDataset } from '../../../contract/address/entities';
import * as E from '../../../contract/address/endpoints';
import * as S from '../../../contract/address/schemas';
import { notFound } from '../../errors';
import { meteredCaller, meteredRoute } from '../../http/metered';
import type { Deps } from '../deps';
import { addressMessages, autocomplete, checkLookup, autocompleteDatasetRefs, listDatasets, listOutputs, lookup, lookupDatasetRefs, readyIndex } from './service';

// Address lookup (service address) and autocomplete (service autocomplete). The dataset list and the
// list outputs are free but authenticated like any data-quality call; lookups and suggestions are
// metered (one click each), charged against the dataset's plans (PAF or GNAF; AUTOC-UK or AUTOC-AU).

const lookups: [AddressDataset, Pick<typeof E.lookupUk, 'method' | 'path'>][] = [['uk', E.lookupUk], ['australia', E.lookupAustralia]];

export const addressPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const datasets = deps.addressDatasets;
  if (deps.config.address.preload) app.addHook('onListen', async () => void datasets.start());
  app.get(E.countries.path, async (request) => {
    await meteredCaller(deps, request, 'addresslookup');
    return S.countries.response.parse({ datasets: listDatasets(datasets) });
  });
  app.get(E.outputs.path, async (request) => {
    await meteredCaller(deps, request, 'addresslookup');
    return listOutputs();
  });
  // The dataset refs as aliases: /json/PAF is /json/uk, /json/GNAF is /json/australia.
  const aliases = Object.entries(S.datasetAliases).map(([alias, dataset]) => [dataset, { method: 'GET' as const, path: `/json/${alias}` }] as const);
  for (const [dataset, entry] of [...lookups, ...aliases]) {
    meteredRoute(app, deps, entry, S.lookup, 'addresslookup', async ({ query }) => lookup(datasets, dataset, query), {
      before: ({ query }) => checkLookup(datasets, dataset, query.id),
      datasetRef: () => lookupDatasetRefs[dataset],
      country: () => datasetCountries[dataset],
    });
  }
  app.get<{ Params: { dataset: string } }>('/json/:dataset', async (request) => {
    await meteredCaller(deps, request, 'addresslookup');
    throw notFound(addressMessages.unknownDataset(request.params.dataset));
  });
};

export const autocompletePlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const datasets = deps.addressDatasets;
  meteredRoute(app, deps, E.autocomplete, S.autocomplete, 'autocomplete', async ({ query }) => autocomplete(datasets, query), {
    before: ({ query }) => void readyIndex(datasets, query.dataset),
    datasetRef: ({ query }) => autocompleteDatasetRefs[query.dataset],
    country: ({ query }) => datasetCountries[query.dataset],
  });
};
