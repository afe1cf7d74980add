import { z } from 'zod';

/** Every error response of the server: the SPA appends `msg` to "Failed to {action}". */
export const errorBody = z.object({ msg: z.string(), statusCode: z.number().int() });
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * Header sent with basic-credential calls (spec section 8): the server answers authentication
 * failures with 400 instead of 401, so the browser neither shows its own login prompt nor
 * mistakes a wrong password for an expired session.
 */
export const authErrorStatusHeader = 'x-auth-error-status';
