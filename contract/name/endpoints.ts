import { endpoint } from '../endpoint';
import type * as S from './schemas';

// The name validation service (base URL config.services.name). A POST, so that names (personal
// data) stay out of URLs, logs and caches.
export const validateName = endpoint<typeof S.validateName>('name', 'POST', '/validate', 'bearer');
