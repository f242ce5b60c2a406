// The noticeboard: owners and HR admins address the whole company, managers their own
// departments (migration 0024 widened older Manager roles from own to department), employees
// read and acknowledge what is addressed to them. The route checks decide what each level means.
import { grant, type RoleGrants } from '../../../server/roles';
import { NOTICES_ENDPOINT } from '../notices.contract';

export const noticesGrants: RoleGrants = {
  Owner: grant(NOTICES_ENDPOINT, 'company'),
  'HR admin': grant(NOTICES_ENDPOINT, 'company'),
  Manager: grant(NOTICES_ENDPOINT, 'department'),
  Employee: grant(NOTICES_ENDPOINT, 'own'),
};
