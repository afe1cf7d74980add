import { endpoint } from '../endpoint';
import type * as S from './schemas';

/** GET /search ?filter (staff), on the user server. */
export const search = endpoint<typeof S.search>('users', 'GET', '/search', 'bearer');
