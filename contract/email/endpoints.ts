import { endpoint } from '../endpoint';
import type * as S from './schemas';

// The email validation service (base URL config.services.email).

export const verify = endpoint<typeof S.verify>('email', 'POST', '/verify', 'bearer');
/** The server's route; call it through verifyResult(id). */
export const getVerify = endpoint<typeof S.getVerify>('email', 'GET', '/verify/:id', 'bearer');

/** GET /verify/{id} for one id, as an entry the client can call. */
export const verifyResult = (id: string) => ({ ...getVerify, path: `/verify/${encodeURIComponent(id)}` });
