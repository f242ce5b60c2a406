// Company settings (`/api/company-settings/{company_id}`) and user settings
// (`/api/user-settings?user_id=`, `/api/user-settings/{user_id}`). Reads and writes run in
// the caller's own company; administrators reach a company's only by impersonation.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditRequest } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { actorOf, inPersonCompany } from '../../../server/http/person-access';
import { parseInput } from '../../../server/http/validate';
import { requireOwnCompany, requireSession, type Session } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { companyChannel, userChannel } from '../../../shared/realtime';
import { levelFor, type HttpMethod } from '../../../shared/scopes';
import {
  COMPANY_SETTINGS_ENDPOINT,
  OWN_OVERTIME_REFUSED,
  UpdateCompanySettingsInputSchema,
  UpdateUserSettingsInputSchema,
  USER_SETTINGS_ENDPOINT,
  UserSettingsQuerySchema,
  type SettingsSubjectInput,
} from '../../../shared/settings.contract';
import { decideUserSettingsChange, mayChangeCompanySettings, mayReadUserSettings } from '../settings.policy';
import { profileImageRoutes } from './profile-image.routes';
import { getCompanySettings, getUserSettings, updateCompanySettings, updateUserSettings } from './settings.queries';

export const settingsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const level = (session: Session, endpoint: string, method: HttpMethod) => levelFor(session.permissions, endpoint, method);

  /** The company the caller asks about, which must be their own. */
  const companyFor = (request: FastifyRequest): { session: Session; companyId: string } => {
    const session = requireSession(request);
    const { companyId } = request.params as { companyId: string };
    return { session, companyId: requireOwnCompany(session, companyId) };
  };

  // Every user of the company reads its switches (the menu and dashboard depend on them).
  app.get('/api/company-settings/:companyId', { config: { access: 'authenticated' } }, async (request) => {
    const { companyId } = companyFor(request);
    return withTenant(db, companyId, (trx) => getCompanySettings(trx, companyId));
  });

  app.put(
    '/api/company-settings/:companyId',
    { config: { access: { endpoint: COMPANY_SETTINGS_ENDPOINT, method: 'PUT', scope: 'company' } } },
    async (request) => {
      const { session, companyId } = companyFor(request);
      if (!mayChangeCompanySettings({ actor: actorOf(session), level: request.scope, companyId })) throw AppError.forbidden();
      const change = parseInput(UpdateCompanySettingsInputSchema, request.body);
      return withTenant(db, companyId, async (trx) => {
        const settings = await updateCompanySettings(trx, { companyId, change });
        await auditRequest(trx, request, {
          companyId,
          action: 'company_settings.updated',
          targetType: 'company',
          targetId: companyId,
          details: change,
        });
        await publish(trx, { channel: companyChannel(companyId), event: 'company-settings', invalidates: ['company-settings'], companyId });
        return settings;
      });
    },
  );

  const readUserSettings = async (request: FastifyRequest, userId: string) => {
    const session = requireSession(request);
    const readLevel = level(session, USER_SETTINGS_ENDPOINT, 'GET');
    return inPersonCompany(db, { session, userId }, async (trx, subject) => {
      if (!mayReadUserSettings({ actor: actorOf(session), level: readLevel, subject })) throw AppError.forbidden();
      return getUserSettings(trx, { companyId: subject.companyId, userId });
    });
  };

  // A user always reads their own; others need the endpoint at a scope that reaches the user.
  app.get(USER_SETTINGS_ENDPOINT, { config: { access: 'authenticated' } }, async (request) => {
    const { user_id } = parseInput(UserSettingsQuerySchema, request.query ?? {});
    return readUserSettings(request, user_id);
  });
  app.get('/api/user-settings/:userId', { config: { access: 'authenticated' } }, async (request) =>
    readUserSettings(request, (request.params as SettingsSubjectInput).userId),
  );

  app.put('/api/user-settings/:userId', { config: { access: 'authenticated' } }, async (request) => {
    const session = requireSession(request);
    const { userId } = request.params as SettingsSubjectInput;
    const writeLevel = level(session, USER_SETTINGS_ENDPOINT, 'PUT');
    const change = parseInput(UpdateUserSettingsInputSchema, request.body);
    return inPersonCompany(db, { session, userId }, async (trx, subject) => {
      const decision = decideUserSettingsChange({ actor: actorOf(session), level: writeLevel, subject, change });
      if (decision === 'own_overtime') throw AppError.forbidden(OWN_OVERTIME_REFUSED);
      if (decision === 'forbidden') throw AppError.forbidden();
      const settings = await updateUserSettings(trx, { companyId: subject.companyId, userId, change });
      await auditRequest(trx, request, {
        companyId: subject.companyId,
        action: 'user_settings.updated',
        targetType: 'user',
        targetId: userId,
        details: change,
      });
      await publish(trx, {
        channel: userChannel(userId),
        event: 'user-settings',
        invalidates: ['user-settings'],
        companyId: subject.companyId,
      });
      return settings;
    });
  });

  await app.register(profileImageRoutes, { deps });
};
