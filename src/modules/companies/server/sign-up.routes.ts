// Company sign-up, public: GET /api/sign-up (open or closed, and whom to write to), POST
// /api/sign-up (a request; 202 whatever became of it, 429 past the limits) and POST
// /api/sign-up/confirm (the e-mailed link, once). With SIGN_UP=closed the writes are 404s.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { parseInput } from '../../../server/http/validate';
import { ConfirmSignUpSchema, signUpPaths, SignUpInputSchema, type SignUpStatus } from '../sign-up.contract';
import { confirmSignUp, requestSignUp } from './sign-up.service';

export const signUpRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(signUpPaths.signUp, { config: { access: 'public' } }, async (): Promise<SignUpStatus> => ({
    open: deps.config.signUp.open,
    contact_email: deps.config.teamEmails.support,
  }));

  // Never replayed: each request is counted, and the confirmation's answer holds a new session.
  app.post(signUpPaths.signUp, { config: { access: 'public', idempotency: false } }, async (request, reply) => {
    const input = parseInput(SignUpInputSchema, request.body);
    const accepted = await requestSignUp({ deps, input, client: request.ip });
    return reply.status(202).send(accepted);
  });

  app.post(signUpPaths.confirm, { config: { access: 'public', idempotency: false } }, async (request) => {
    const { token } = parseInput(ConfirmSignUpSchema, request.body);
    return confirmSignUp({ deps, token, source: auditSourceOf(request) });
  });
};
