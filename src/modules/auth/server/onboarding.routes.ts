// Onboarding: POST /api/user-invitation (a manager or owner invites), /api/confirm-email
// (the link in the e-mail) and /api/welcome (password and terms; the only call besides
// logout that a session still onboarding may make).
import type { FastifyPluginAsync } from 'fastify';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { parseInput } from '../../../server/http/validate';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import {
  ConfirmEmailChangeSchema,
  confirmEmailChangePath,
  ConfirmEmailSchema,
  InviteUserSchema,
  onboardingPaths,
  WelcomeSchema,
} from '../auth.contract';
import { confirmEmailChange } from './email-change.service';
import { refuseWhileImpersonating } from './account-settings.service';
import type { IdentityDeps } from './identity-deps';
import { completeWelcome, confirmInvitation, inviteUser, inviterOf } from './onboarding.service';

export const onboardingRoutes: FastifyPluginAsync<{ deps: IdentityDeps }> = async (app, { deps }) => {
  // Inviting is editing a person's basic record: PUT /api/user-basic, within the caller's scope.
  app.post(onboardingPaths.invitation, { config: { access: { endpoint: '/api/user-basic', method: 'PUT' } } }, async (request) => {
    const session = requireSession(request);
    const { user_id: userId } = parseInput(InviteUserSchema, request.body);
    const companyId = requireCompany(session);
    if (!request.scope) throw AppError.forbidden();
    return inviteUser({ deps, companyId, userId, invitedBy: inviterOf(session, request.scope), source: auditSourceOf(request) });
  });

  // Not stored for idempotent replay: the answer holds a new session's token.
  app.post(onboardingPaths.confirmEmail, { config: { access: 'public', idempotency: false } }, async (request) => {
    const { token } = parseInput(ConfirmEmailSchema, request.body);
    return confirmInvitation({ deps, token, source: auditSourceOf(request) });
  });

  // The link to a new sign-in address: public like the invitation's, never replayed.
  app.post(confirmEmailChangePath, { config: { access: 'public', idempotency: false } }, async (request) => {
    const { token } = parseInput(ConfirmEmailChangeSchema, request.body);
    return confirmEmailChange({ deps, token, source: auditSourceOf(request) });
  });

  app.post(onboardingPaths.welcome, { config: { access: 'authenticated', onboarding: true, idempotency: false } }, async (request) => {
    const session = requireSession(request);
    refuseWhileImpersonating(session);
    const input = parseInput(WelcomeSchema, request.body);
    return completeWelcome({ deps, session, password: input.password, source: auditSourceOf(request) });
  });
};
