import type { ResponseOf } from '../../../contract/endpoint';
import * as shop from '../../../contract/shop/endpoints';
import type { ApiClient } from '../../api/client';
import type { ChargesQuery } from './chargesText';

// GET /charges (spec section 7; staff): every account's orders, newest first, filtered.

export type Charge = ResponseOf<typeof shop.listCharges>[number];

export const listCharges = (api: ApiClient, query: ChargesQuery) =>
  api.call(shop.listCharges, { query }, { action: 'load the charges', cache: false });
