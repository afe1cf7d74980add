// The shapes of database errors the server answers differently (PostgreSQL's SQLSTATE codes).

/** A unique constraint refused the write (SQLSTATE 23505): the row is already there. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
