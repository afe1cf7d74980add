import { endpoint } from '../endpoint';
import type * as S from './schemas';

// The usage calls of spec section 7, served by the account and plan manager (service `plans`).

export const planUsage = endpoint<typeof S.planUsage>('plans', 'GET', '/account/plans/usage', 'bearer');
export const allTokensUsage = endpoint<typeof S.allTokensUsage>('plans', 'GET', '/account/tokens/allusage', 'bearer');
export const tokenUsage = endpoint<typeof S.tokenUsage>('plans', 'GET', '/account/tokens/usage', 'bearer');
export const countryUsage = endpoint<typeof S.countryUsage>('plans', 'GET', '/account/plans/usage/countries', 'bearer');
