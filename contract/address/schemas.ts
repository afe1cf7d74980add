import { z } from 'zod';
import { testMark } from '../fields';
import type { CallShape } from '../endpoint';
import { labelFormats, lineRules, maxOutputFields, minOutputFields, townFormats } from '../shared/labelConfig';
import { addressDataset, datasetInfo, formattedAddress, suggestion } from './entities';

/** Longest query the services read: longer ones are refused (400), never truncated silently. */
export const maxQueryLength = 200;
export const maxSuggestions = 50;
export const maxLookupResults = 100;

const query = z.string().trim().min(1, 'Enter part of an address or a postcode').max(maxQueryLength, `A query is at most ${maxQueryLength} characters`);

/** The label options of spec section 3 as query parameters; a missing one takes the dataset's default. */
export const labelOptions = z.object({
  outputFields: z.coerce.number().int('outputFields must be a whole number').min(minOutputFields).max(maxOutputFields).optional(),
  labelFormat: z.enum(labelFormats).optional(),
  townFormat: z.enum(townFormats).optional(),
  reserverOrgLine: z.enum(lineRules).optional(),
  includeCounty: z.enum(lineRules).optional(),
});

/** GET /countries/json: the datasets, their counts and whether each is ready. */
export const countries = { response: z.object({ datasets: z.array(datasetInfo) }) } satisfies CallShape;

/** GET /json/{dataset} ?q (a postcode or free text) or ?id (a suggestion), with the label options. */
export const lookupQuery = labelOptions
  .extend({
    q: query.optional(),
    id: z.string().trim().min(1).max(40).optional(),
    limit: z.coerce.number().int().min(1).max(maxLookupResults).default(20),
  })
  .refine((v) => v.q !== undefined || v.id !== undefined, { message: 'Give q (part of an address or a postcode) or id (a suggestion)', path: ['q'] });
export const lookupResponse = z.object({
  dataset: addressDataset,
  addresses: z.array(formattedAddress),
  /** True when more addresses matched than were returned. */
  more: z.boolean(),
  test: testMark,
});
export const lookup = { query: lookupQuery, response: lookupResponse } satisfies CallShape;

/** The dataset refs name the datasets too (GET /json/PAF, ?dataset=GNAF), as the API settings' examples write them. */
export const datasetAliases: Record<string, 'uk' | 'australia'> = { PAF: 'uk', GNAF: 'australia' };

/** GET /autoc/json ?q, dataset (uk or australia; PAF or GNAF), limit. */
export const autocompleteQuery = z.object({
  q: query,
  dataset: z.preprocess((v) => (typeof v === 'string' && datasetAliases[v.toUpperCase()]) || v, addressDataset),
  limit: z.coerce.number().int().min(1).max(maxSuggestions).default(10),
});
export const autocompleteResponse = z.object({ dataset: addressDataset, suggestions: z.array(suggestion), more: z.boolean(), test: testMark });
export const autocomplete = { query: autocompleteQuery, response: autocompleteResponse } satisfies CallShape;

/** GET /outputs/json: the list outputs (the label options, their allowed values and each dataset's fields). */
export const outputs = {
  response: z.object({
    labelFormat: z.array(z.string()),
    townFormat: z.array(z.string()),
    reserverOrgLine: z.array(z.string()),
    includeCounty: z.array(z.string()),
    outputFields: z.object({ min: z.number(), max: z.number() }),
    defaults: z.record(addressDataset, z.record(z.string(), z.union([z.string(), z.number()]))),
    fields: z.record(addressDataset, z.array(z.string())),
  }),
} satisfies CallShape;
