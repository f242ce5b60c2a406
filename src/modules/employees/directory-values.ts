// The employee statuses and the directory's sorts, on their own: the directory's address
// parser (part of the router, which the sign-in page loads) needs these and nothing else of
// the directory contract.
/** Statuses of an employee (says pending and invited; the rest are the product's). */
export const EMPLOYEE_STATUSES = ['pending', 'invited', 'active', 'terminated', 'locked'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export const DIRECTORY_SORTS = ['name', '-name', 'start_date', '-start_date', 'department', 'job_title', 'status'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
