// PostgreSQL's refusals by SQLSTATE, for the error handler and for routes that turn a
// constraint a concurrent write hit into the field message their check would have given.

const pgCode = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** A delete refused by a foreign key declared ON DELETE RESTRICT (NO ACTION answers 23503). */
export const RESTRICT_VIOLATION = '23001';
export const isUniqueViolation = (error: unknown) => pgCode(error) === UNIQUE_VIOLATION;
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === FOREIGN_KEY_VIOLATION || pgCode(error) === RESTRICT_VIOLATION;
