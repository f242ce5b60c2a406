// Data protection: owners and HR admins export anyone's data and run the company's settings
// pages; an employee may ask for their own export (the company setting decides whether they
// may, checked by the service). Migration 0033 gave older roles the same entries.
import { grant, type RoleGrants } from '../../../server/roles';
import { DATA_PROTECTION_ENDPOINT, PERSONAL_DATA_EXPORTS_ENDPOINT } from '../privacy.contract';

export const privacyGrants: RoleGrants = {
  Owner: [...grant(PERSONAL_DATA_EXPORTS_ENDPOINT, 'company'), ...grant(DATA_PROTECTION_ENDPOINT, 'company', ['GET', 'PUT'])],
  'HR admin': [...grant(PERSONAL_DATA_EXPORTS_ENDPOINT, 'company'), ...grant(DATA_PROTECTION_ENDPOINT, 'company', ['GET', 'PUT'])],
  Employee: grant(PERSONAL_DATA_EXPORTS_ENDPOINT, 'own', ['GET', 'POST']),
};
