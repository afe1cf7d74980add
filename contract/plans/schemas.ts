import { z } from 'zod';
import type { CallShape } from '../endpoint';
import { id } from '../fields';

// Calls of the plans manager (spec section 7) served under /api/plans.

/** GET /account/candelete ?accountId (plans manager): true when nothing hangs below the account. */
export const accountIdQuery = z.object({ accountId: id });
export const canDelete = z.boolean();

export const canDeleteAccount = { query: accountIdQuery, response: canDelete } satisfies CallShape;
