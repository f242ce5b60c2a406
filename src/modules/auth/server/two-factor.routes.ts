// The caller's authenticator app, recovery codes and passkeys; an owner's reset of a person's
// two-factor; and "Sign in with a passkey". Answers holding secrets or sessions are never
// stored for idempotent replay.
import type { FastifyPluginAsync } from 'fastify';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { parseInput } from '../../../server/http/validate';
import { requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';
import {
  ConfirmAuthenticatorSchema,
  PasskeyRegistrationSchema,
  PasskeySignInSchema,
  ResetTwoFactorSchema,
  twoFactorPaths,
} from '../two-factor.contract';
import { refuseWhileImpersonating } from './account-caller';
import {
  confirmAuthenticatorSetup,
  regenerateRecoveryCodes,
  removeAuthenticator,
  startAuthenticatorSetup,
} from './authenticator-app.service';
import type { IdentityDeps } from './identity-deps';
import { passkeySignInOptions, signInWithPasskey } from './passkey-login.service';
import { addPasskey, passkeyCreationOptions, removePasskey } from './passkeys.service';
import { resetPersonTwoFactor } from './two-factor-reset.service';

export const twoFactorRoutes: FastifyPluginAsync<{ deps: IdentityDeps }> = async (app, { deps }) => {
  const caller = (request: Parameters<typeof auditSourceOf>[0]) => {
    const session = requireSession(request);
    refuseWhileImpersonating(session);
    return { deps, session, source: auditSourceOf(request) };
  };
  const own = { access: 'authenticated', idempotency: false } as const;

  app.post(twoFactorPaths.authenticator, { config: own }, async (request) => startAuthenticatorSetup(caller(request)));
  app.delete(twoFactorPaths.authenticator, { config: own }, async (request, reply) => {
    await removeAuthenticator(caller(request));
    return reply.status(204).send();
  });
  app.post(twoFactorPaths.authenticatorConfirm, { config: own }, async (request) => {
    const who = caller(request);
    return confirmAuthenticatorSetup({ ...who, code: parseInput(ConfirmAuthenticatorSchema, request.body).code });
  });
  app.post(twoFactorPaths.recoveryCodes, { config: own }, async (request) => regenerateRecoveryCodes(caller(request)));

  app.post(twoFactorPaths.passkeyOptions, { config: own }, async (request) => passkeyCreationOptions(caller(request)));
  app.post(twoFactorPaths.passkeys, { config: own }, async (request, reply) => {
    const who = caller(request);
    return reply.status(201).send(await addPasskey({ ...who, input: parseInput(PasskeyRegistrationSchema, request.body) }));
  });
  app.delete<{ Params: { id: string } }>(twoFactorPaths.passkey, { config: own }, async (request, reply) => {
    const who = caller(request);
    if (!isUuid(request.params.id)) throw AppError.notFound();
    await removePasskey({ ...who, id: request.params.id });
    return reply.status(204).send();
  });

  app.post(twoFactorPaths.reset, { config: { access: { endpoint: twoFactorPaths.reset, method: 'POST' } } }, async (request, reply) => {
    const session = requireSession(request);
    refuseWhileImpersonating(session);
    const { user_id: userId } = parseInput(ResetTwoFactorSchema, request.body);
    await resetPersonTwoFactor({ deps, session, source: auditSourceOf(request), userId });
    return reply.status(204).send();
  });

  app.post(twoFactorPaths.passkeyLoginOptions, { config: { access: 'public', idempotency: false } }, async () =>
    passkeySignInOptions(deps),
  );
  app.post(twoFactorPaths.passkeyLogin, { config: { access: 'public', idempotency: false } }, async (request, reply) =>
    signInWithPasskey({
      deps,
      input: parseInput(PasskeySignInSchema, request.body),
      source: auditSourceOf(request),
      retryAfter: (seconds) => void reply.header('retry-after', String(seconds)),
    }),
  );
};
