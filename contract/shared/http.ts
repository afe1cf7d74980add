/**
 * Header sent with basic-credential calls (spec section 8): the server answers authentication
 * failures with 400 instead of 401, so the browser neither shows its own login prompt nor
 * mistakes a wrong password for an expired session.
 */
export const authErrorStatusHeader = 'x-auth-error-status';
