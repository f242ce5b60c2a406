// Alerts: company users read published banners (/api/alerts) and dashboard alerts
// (/api/dashboard-alerts); the login screen reads dashboard alerts for every company
// (/api/public/dashboard-alerts); administrators, holding /api/alerts globally, list every
// alert and write both kinds through the generic resource API.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditRequest } from '../../../server/audit/audit-entry';
import { withSystem, withTenant, type Trx } from '../../../server/db/database';
import { mountResource, type ResourceContext } from '../../../server/http/resource';
import { parseInput } from '../../../server/http/validate';
import { sanitiseRichText } from '../../../server/http/rich-text';
import { requireCompany, requireSession, type Session } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { listResponse, pagingFrom } from '../../../shared/list';
import { GLOBAL_CHANNEL } from '../../../shared/realtime';
import { levelFor } from '../../../shared/scopes';
import {
  ALERTS_ENDPOINT,
  alertPaths,
  CreateAlertInputSchema,
  DashboardAlertInputSchema,
  FindAlertsQuerySchema,
  type AlertKind,
  type CreateAlertValues,
} from '../alerts.contract';
import {
  companyExists,
  createAlert,
  deleteAlert,
  findAllAlerts,
  findPublishedAlerts,
  publishAlert,
  updateAlert,
  type AlertValues,
} from './alerts.queries';

const isAdministrator = (session: Session) =>
  session.companyId === null && levelFor(session.permissions, ALERTS_ENDPOINT, 'GET') === 'global';

async function valuesOf(trx: Trx, input: CreateAlertValues): Promise<AlertValues> {
  if (input.company_id && !(await companyExists(trx, input.company_id))) {
    throw AppError.validation({ company_id: ['This company does not exist.'] });
  }
  return {
    ...input,
    long_message: sanitiseRichText(input.long_message),
    published_at: input.published_at ? new Date(input.published_at) : null,
  };
}

export const alertsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  // Every write is audited and tells every open app to refetch its alerts. The event goes
  // to the global channel and carries nothing, so it reveals no company's alert.
  const audit = async (trx: Trx, input: { request: FastifyRequest; action: string; id: string }) => {
    await publish(trx, { channel: GLOBAL_CHANNEL, event: 'alerts', invalidates: ['alerts', 'dashboard-alerts'] });
    await auditRequest(trx, input.request, {
      companyId: null,
      action: input.action,
      targetType: 'alert',
      targetId: input.id,
    });
  };

  /** A company user's published alerts of `kind`, or an administrator's list of every alert. */
  const listFor = (kind: AlertKind) => async (request: FastifyRequest) => {
    const session = requireSession(request);
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const paging = pagingFrom(raw);
    if (isAdministrator(session)) {
      const { offset: _offset, limit: _limit, page: _page, ...filters } = raw;
      const query = parseInput(FindAlertsQuerySchema, filters);
      // /api/alerts is the administrators' list of both kinds; /api/dashboard-alerts keeps to its own.
      const kinds = kind === 'dashboard' ? ['dashboard' as const] : query.kind;
      const page = await withSystem(db, (trx) => findAllAlerts(trx, { kinds, paging }));
      return listResponse(page.results, page.count, paging);
    }
    const companyId = requireCompany(session);
    const page = await withTenant(db, companyId, (trx) => findPublishedAlerts(trx, { companyId, kind, paging }));
    return listResponse(page.results, page.count, paging);
  };

  app.get(alertPaths.alerts, { config: { access: 'authenticated' } }, listFor('banner'));
  app.get(alertPaths.dashboardAlerts, { config: { access: 'authenticated' } }, listFor('dashboard'));

  // No scope at all: the read policy lets through only alerts for every company.
  app.get(alertPaths.publicDashboardAlerts, { config: { access: 'public' } }, async (request) => {
    const paging = pagingFrom((request.query ?? {}) as Record<string, unknown>);
    const page = await db.transaction().execute((trx) => findPublishedAlerts(trx, { companyId: null, kind: 'dashboard', paging }));
    return listResponse(page.results, page.count, paging);
  });

  /** Writes of one resource: /api/alerts takes any kind, /api/dashboard-alerts only its own. */
  const mountWrites = (name: 'alerts' | 'dashboard-alerts', kind: AlertKind | undefined) => {
    const inSystem = <T>(context: ResourceContext, fn: (trx: Trx) => Promise<T>) => withSystem(context.db, fn);
    const bodySchema = kind ? DashboardAlertInputSchema : CreateAlertInputSchema;
    const withKind = (body: Omit<CreateAlertValues, 'kind'> & { kind?: AlertKind }): CreateAlertValues => ({
      ...body,
      kind: kind ?? body.kind ?? 'banner',
    });
    mountResource(app, deps, {
      name,
      endpoint: ALERTS_ENDPOINT,
      create: {
        scope: 'global',
        body: bodySchema,
        handler: (context) =>
          inSystem(context, async (trx) => {
            const alert = await createAlert(trx, {
              values: await valuesOf(trx, withKind(context.body)),
              createdBy: context.session.userId,
            });
            await audit(trx, { ...context, action: 'alert.created', id: alert.id });
            return alert;
          }),
      },
      update: {
        scope: 'global',
        body: bodySchema,
        handler: (context) =>
          inSystem(context, async (trx) => {
            const values = await valuesOf(trx, withKind(context.body));
            const alert = await updateAlert(trx, { id: context.id, ...(kind ? { kind } : {}), values });
            if (alert) await audit(trx, { ...context, action: 'alert.updated', id: alert.id });
            return alert;
          }),
      },
      delete: {
        scope: 'global',
        handler: (context) =>
          inSystem(context, async (trx) => {
            const deleted = await deleteAlert(trx, { id: context.id, ...(kind ? { kind } : {}) });
            if (deleted) await audit(trx, { ...context, action: 'alert.deleted', id: context.id });
            return deleted;
          }),
      },
    });
  };
  mountWrites('alerts', undefined);
  mountWrites('dashboard-alerts', 'dashboard');

  app.post(
    '/api/alerts/:id/publish',
    { config: { access: { endpoint: ALERTS_ENDPOINT, method: 'PUT', scope: 'global' } } },
    async (request) => {
      const { id } = request.params as { id: string };
      const alert = await withSystem(db, async (trx) => {
        const published = await publishAlert(trx, { id });
        if (published) await audit(trx, { request, action: 'alert.published', id: published.id });
        return published;
      });
      if (!alert) throw AppError.notFound();
      return alert;
    },
  );
};
