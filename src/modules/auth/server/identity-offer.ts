// What the identity module offers other modules through its registration (module-hooks.ts):
// companies, roles and accounts made the one way, invitations, the onboarding session a proved
// address opens, and sign-in e-mail changes. The links, their tokens and e-mails stay here.
import type { Identity } from '../../../server/module-hooks';
import { createRole, createUser, emailExists, setUpCompany } from './accounts.queries';
import { addressChangedBeforeSetUp, requestEmailChange } from './email-change.service';
import { identityDepsOf } from './identity-deps';
import { inviteWithLink, openOnboarding } from './onboarding.service';

export const identityOffer: Identity = {
  setUpCompany,
  createRole,
  createAccount: createUser,
  emailExists,
  invite: inviteWithLink,
  openOnboarding: (trx, deps, userId) => openOnboarding(trx, identityDepsOf(deps), userId),
  requestEmailChange,
  addressChangedBeforeSetUp,
};
