// PostgreSQL's answers a caller may expect, recognised the same way from `pg` and PGlite (drizzle wraps the
// driver's error in its own, with the original as `cause`).

const codeOf = (error: unknown): unknown => {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  return 'cause' in error ? codeOf(error.cause) : undefined;
};

/** A unique index refused the row (23505): two writers raced for one key. */
export const isUniqueViolation = (error: unknown): boolean => codeOf(error) === '23505';
