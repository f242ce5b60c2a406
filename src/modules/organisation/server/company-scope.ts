// The database errors the organisation lists turn into field messages.
export { isForeignKeyViolation, isUniqueViolation } from '../../../server/db/pg-errors';
