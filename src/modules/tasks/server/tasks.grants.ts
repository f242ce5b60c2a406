// HR and H&S tasks: owners and HR admins company-wide, managers their departments' people,
// employees their own (the entries every role held while these were coming endpoints).
import { grant, type RoleGrants } from '../../../server/roles';
import { TASK_ENDPOINTS } from '../tasks.contract';

const both = (scope: 'company' | 'department' | 'own') => [...grant(TASK_ENDPOINTS.hr, scope), ...grant(TASK_ENDPOINTS.hs, scope)];

export const tasksGrants: RoleGrants = {
  Owner: both('company'),
  'HR admin': both('company'),
  Manager: both('department'),
  Employee: both('own'),
};
