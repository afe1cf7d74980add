/**
 * A failure the caller can act on, with the HTTP status it maps to. Domain functions throw it; the
 * app's error handler turns it into the `{ msg, statusCode }` body of contract/errors.ts.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Seconds the caller should wait before trying again (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string) => new AppError(400, msg);
export const unauthorised = (msg = 'Authentication Failure') => new AppError(401, msg);
export const forbidden = (msg: string) => new AppError(403, msg);
export const notFound = (msg = 'Not found') => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);
export const tooManyRequests = (msg: string, retryAfter?: number) => new AppError(429, msg, retryAfter);

export const validateFirst = 'Validate your email address first: until then you can only validate, ask for a new code, and read your own details';

/** How far a half-signed-in session has got (the session row's stage other than 'full'). */
export type SessionStage = 'secondFactor' | 'enrol';

/** What a half-signed-in session is told by every call it may not make yet. */
export const stageRefusals: Record<SessionStage, string> = {
  secondFactor: 'Finish signing in with your second factor first',
  enrol: 'Add a second factor to your account first',
};

/** What a login answers to a wrong or missing user name and password. */
export const invalidCredentials = 'Invalid user name or password';

/** An unknown, deleted or another account's API token: token calls and grants that name one answer alike. */
export const tokenNotFound = () => notFound('Token not found');
