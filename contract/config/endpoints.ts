import type { Endpoint } from '../endpoint';
import type * as S from './schemas';

/**
 * GET /api/config. Not a call of a service of spec section 7: the SPA reads it before it knows the
 * services' base URLs, so it has no service and its path is absolute.
 */
export const getConfig: Omit<Endpoint<typeof S.getConfig>, 'service'> = { method: 'GET', path: '/api/config', auth: 'none' };
