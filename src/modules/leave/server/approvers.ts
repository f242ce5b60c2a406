// Who may approve a person's absences and who is asked (the absences part owns this file;
// return-to-work reviews use the same rules). May approve: the person's line managers, and
// anyone whose /api/approve-absence scope covers the person (department scope over one of
// the person's departments, company scope). Asked: line managers, else the managers of the
// person's department (user_managed_departments), else the company's owners.
import type { Trx } from '../../../server/db/database';
import type { Session } from '../../../server/plugins/request-context';

export declare function mayApprove(trx: Trx, session: Session, employeeUserId: string): Promise<boolean>;
/** User ids to notify about a new request or a cancellation request, never the person themselves. */
export declare function approversToAsk(trx: Trx, companyId: string, employeeUserId: string): Promise<string[]>;
/**
 * The user ids the caller may approve for, or 'all' (company scope): for list filters
 * (`show_relevant_to_me`) and the pending count.
 */
export declare function approvableUserIds(trx: Trx, session: Session): Promise<string[] | 'all'>;
