import { endpoint } from '../endpoint';
import type * as S from './schemas';

// The bank validation service (base URL config.services.bank): POST /soap is the SOAP call of spec
// section 7 (XML, no entry here: the SPA does not send it); POST /validate its JSON twin for the page.
export const validateBank = endpoint<typeof S.validateBank>('bank', 'POST', '/validate', 'bearer');
