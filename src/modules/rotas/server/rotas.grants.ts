// Rotas: owners and HR admins build every department's rota, managers their own departments'
// (migration 0027 widened the Manager role's entries from own), employees read the published
// rota of their departments, claim open shifts and swap their own.
import { grant, type RoleGrants } from '../../../server/roles';
import { ROTA_ENDPOINT } from '../rotas.contract';

export const rotasGrants: RoleGrants = {
  Owner: grant(ROTA_ENDPOINT, 'company'),
  'HR admin': grant(ROTA_ENDPOINT, 'company'),
  Manager: grant(ROTA_ENDPOINT, 'department'),
  Employee: grant(ROTA_ENDPOINT, 'own'),
};
