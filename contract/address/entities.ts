import { z } from 'zod';

// The address lookup's entities: the datasets GET /countries/json lists, a suggestion of GET
// /autoc/json and an address of GET /json/{dataset}. What these services answer is ours to design
// (spec section 7 names only the calls).

/** The datasets: uk (PAF fields) and australia (G-NAF fields); the dataset is the territory's. */
export const addressDatasets = ['uk', 'australia'] as const;
export type AddressDataset = z.infer<typeof addressDataset>;
export const addressDataset = z.enum(addressDatasets);

/** The catalogue's dataset refs (server/seedCatalogue.ts) a call is charged against, per service. */
export const lookupDatasetRefs = { uk: 'PAF', australia: 'GNAF' } as const satisfies Record<AddressDataset, string>;
export const autocompleteDatasetRefs = { uk: 'AUTOC-UK', australia: 'AUTOC-AU' } as const satisfies Record<AddressDataset, string>;
/** ISO 3166 country the usage reports name. */
export const datasetCountries = { uk: 'GB', australia: 'AU' } as const satisfies Record<AddressDataset, string>;

export const datasetInfo = z.object({
  dataset: addressDataset,
  name: z.string(),
  /** PAF or GNAF: the field layout of the file. */
  format: z.enum(['PAF', 'GNAF']),
  datasetRef: z.string(),
  /** True for the generated sample shipped with the portal; false when a full file was configured. */
  sample: z.boolean(),
  /** Addresses loaded so far (all of them once ready). */
  count: z.number().int(),
  ready: z.boolean(),
  /** Why the dataset could not be loaded, when it could not. */
  error: z.string().nullable(),
});
export type DatasetInfo = z.infer<typeof datasetInfo>;

export const suggestion = z.object({
  /** Pass to GET /json/{dataset} ?id for the full address. */
  id: z.string(),
  /** The address on one line. */
  text: z.string(),
  postcode: z.string(),
});
export type Suggestion = z.infer<typeof suggestion>;

/** What a label is drawn from (contract/shared/addressLabel.ts), so a page can draw it again for another configuration. */
export const labelParts = z.object({
  organisation: z.array(z.string()),
  lines: z.array(z.string()),
  town: z.string(),
  county: z.string(),
  countyRequired: z.boolean(),
  postcode: z.string(),
  postalLine: z.boolean(),
});

export const formattedAddress = z.object({
  id: z.string(),
  /** The label: exactly outputFields lines (blank lines where the label format leaves them). */
  label: z.array(z.string()),
  /** The raw fields of the record in the file's own layout (PAF or G-NAF names). */
  fields: z.record(z.string(), z.string()),
  postcode: z.string(),
  town: z.string(),
  /** The county (uk, when known) or state (australia). */
  county: z.string(),
  /** The parts the label was drawn from: another label configuration needs no new call. */
  parts: labelParts,
});
export type FormattedAddress = z.infer<typeof formattedAddress>;
