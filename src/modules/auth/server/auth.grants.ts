// What each role may do with the identity module's endpoints.
import { grant, type RoleGrants } from '../../../server/roles';

export const authGrants: RoleGrants = {
  Owner: [
    ...grant('/api/access-requests', 'company', ['GET', 'PUT']),
    // A person who lost their phone or security key: their authenticator app, recovery codes and passkeys cleared.
    ...grant('/api/user-2fa-reset', 'company', ['POST']),
    // How the company's people sign in: the two-factor rule, Microsoft or Google sign-in.
    ...grant('/api/company-sign-in', 'company', ['GET', 'PUT']),
  ],
  'HR admin': grant('/api/user-2fa-reset', 'company', ['POST']),
  // The administrator's reach is the platform, never a company's own data: they ask companies
  // for access and sign in under an approved grant (the companies module lets them pick and run companies; the expert articles they
  // write are the articles module's grant). A company's data is reached only as an impersonated session.
  Administrator: grant('/api/access-requests', 'global', ['GET', 'POST', 'PUT']),
};
