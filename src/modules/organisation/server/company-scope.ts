// What every organisation write does besides its change, and the database errors its lists
// turn into field messages.
import { recordCompanyWrite } from '../../../server/audit/company-write';

/** Every organisation write: an audit entry and a company-wide invalidation (src/server/audit/company-write.ts). */
export const recordWrite = recordCompanyWrite;
export { isForeignKeyViolation, isUniqueViolation } from '../../../server/db/pg-errors';
