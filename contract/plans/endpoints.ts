import { endpoint } from '../endpoint';
import type * as S from './schemas';

// The account and plan manager of spec section 7 (service `plans`); so far only candelete.

export const canDeleteAccount = endpoint<typeof S.canDeleteAccount>('plans', 'GET', '/account/candelete', 'bearer');
