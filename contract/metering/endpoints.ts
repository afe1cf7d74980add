import { endpoint } from '../endpoint';
import type * as S from './schemas';

// GET /tokens/servicejwt is a user server call of spec section 7; the usage alerts belong to the
// account and plan manager (an addition to the spec: owners set them per subscription).

export const serviceJwt = endpoint<typeof S.serviceJwt>('users', 'GET', '/tokens/servicejwt', 'bearer');

export const getUsageAlerts = endpoint<typeof S.getUsageAlerts>('plans', 'GET', '/account/plans/alerts', 'bearer');
export const putUsageAlerts = endpoint<typeof S.putUsageAlerts>('plans', 'PUT', '/account/plans/alerts', 'bearer');
