// Passwords and two-factor settings: reset by e-mail link, change when
// signed in, and the caller's own two-factor setting (user-2fa).
import type { FastifyPluginAsync } from 'fastify';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { parseInput } from '../../../server/http/validate';
import { requireSession } from '../../../server/plugins/request-context';
import {
  ChangePasswordSchema,
  identityPaths,
  PasswordResetCompleteSchema,
  PasswordResetRequestSchema,
  passwordResetRequestedMessage,
  UpdateTwoFactorSchema,
} from '../auth.contract';
import { changePassword, changeTwoFactorSetting, getTwoFactorSetting, refuseWhileImpersonating } from './account-settings.service';
import type { IdentityDeps } from './identity-deps';
import { completePasswordReset, requestPasswordReset } from './password-reset.service';

export const accountRoutes: FastifyPluginAsync<{ deps: IdentityDeps }> = async (app, { deps }) => {
  const caller = (request: Parameters<typeof auditSourceOf>[0]) => ({
    deps,
    session: requireSession(request),
    source: auditSourceOf(request),
  });

  app.post(identityPaths.passwordReset, { config: { access: 'public' } }, async (request, reply) => {
    const { email } = parseInput(PasswordResetRequestSchema, request.body);
    await requestPasswordReset({ deps, email, source: auditSourceOf(request) });
    return reply.status(202).send({ message: passwordResetRequestedMessage });
  });

  app.post(identityPaths.passwordResetComplete, { config: { access: 'public' } }, async (request, reply) => {
    const input = parseInput(PasswordResetCompleteSchema, request.body);
    await completePasswordReset({ deps, token: input.token, password: input.password, source: auditSourceOf(request) });
    return reply.status(204).send();
  });

  // Not stored for idempotent replay: the answer holds a new session's token.
  app.put(identityPaths.password, { config: { access: 'authenticated', idempotency: false } }, async (request) => {
    refuseWhileImpersonating(requireSession(request));
    const input = parseInput(ChangePasswordSchema, request.body);
    return changePassword({ ...caller(request), currentPassword: input.current_password, password: input.password });
  });

  app.get(identityPaths.twoFactor, { config: { access: 'authenticated' } }, async (request) => getTwoFactorSetting(caller(request)));

  app.put(identityPaths.twoFactor, { config: { access: 'authenticated' } }, async (request) => {
    refuseWhileImpersonating(requireSession(request));
    const input = parseInput(UpdateTwoFactorSchema, request.body);
    return changeTwoFactorSetting({ ...caller(request), enabled: input.enabled, method: input.method });
  });
};
