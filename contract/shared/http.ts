/**
 * Header sent with basic-credential calls (spec section 8): the server answers authentication
 * failures with 400 instead of 401, so the browser neither shows its own login prompt nor
 * mistakes a wrong password for an expired session.
 */
export const authErrorStatusHeader = 'x-auth-error-status';

/** The interactive API reference the server serves (a page outside the portal), and its OpenAPI 3.1 document. */
export const apiReferencePath = '/api/docs';
export const apiDocumentPath = '/api/openapi.json';
