import { endpoint } from '../endpoint';
import type * as S from './schemas';

// The third-party address calls of spec section 7: address lookup (GET /countries/json, GET
// /json/{dataset} with the label options, the list outputs) and autocomplete (GET /autoc/json).
// Both are data-quality services: a service JWT or an exported API token, metered.

export const countries = endpoint<typeof S.countries>('address', 'GET', '/countries/json', 'bearer');
export const lookupUk = endpoint<typeof S.lookup>('address', 'GET', '/json/uk', 'bearer');
export const lookupAustralia = endpoint<typeof S.lookup>('address', 'GET', '/json/australia', 'bearer');
export const outputs = endpoint<typeof S.outputs>('address', 'GET', '/outputs/json', 'bearer');
export const autocomplete = endpoint<typeof S.autocomplete>('autocomplete', 'GET', '/autoc/json', 'bearer');
