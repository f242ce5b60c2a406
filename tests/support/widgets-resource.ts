// The test-only widgets resource, mounted with mountResource as a product module would be.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../src/server/app-deps';
import { mountResource } from '../../src/server/http/resource';
import type { Session } from '../../src/server/plugins/request-context';
import { AppError, type FieldErrors } from '../../src/shared/app-error';
import { CreateWidgetInputSchema, FindWidgetsQuerySchema, UpdateWidgetInputSchema, WidgetBulkSchema } from './widgets.contract';
import {
  createWidget,
  deleteWidget,
  findWidgetByName,
  findWidgetCreators,
  findWidgets,
  getWidget,
  setWidgetsStatus,
  updateWidget,
} from './widgets.queries';

export const WIDGETS_ENDPOINT = '/api/widgets';
export const WIDGET_ROLES = ['Owner', 'Manager'];

function companyOf(session: Session): string {
  if (!session.companyId) throw AppError.forbidden();
  return session.companyId;
}

export const widgetsResource: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  mountResource(app, deps, {
    name: 'widgets',
    list: {
      query: FindWidgetsQuerySchema,
      // Own scope sees only the widgets the caller made: the route's scope reaches the query.
      handler: ({ db, session, scope, query, paging }) =>
        findWidgets(db, {
          companyId: companyOf(session),
          filter: { ...query, ...(scope === 'own' ? { createdBy: session.userId } : {}) },
          paging,
        }),
    },
    get: { handler: ({ db, session, id }) => getWidget(db, { companyId: companyOf(session), id }) },
    create: {
      body: CreateWidgetInputSchema,
      handler: async ({ db, session, body }) => {
        const widget = await createWidget(db, { companyId: companyOf(session), userId: session.userId, input: body });
        if (!widget) throw new AppError('conflict', { message: 'A widget with this id exists already.' });
        return widget;
      },
    },
    update: {
      body: UpdateWidgetInputSchema,
      handler: ({ db, session, id, body }) => updateWidget(db, { companyId: companyOf(session), id, input: body }),
    },
    delete: { handler: ({ db, session, id }) => deleteWidget(db, { companyId: companyOf(session), id }) },
    bulk: {
      method: 'PUT',
      body: WidgetBulkSchema,
      handler: async ({ db, session, body }) => {
        const companyId = companyOf(session);
        const status = body.action === 'archive' ? 'archived' : body.data.status;
        return { affected: await setWidgetsStatus(db, { companyId, ids: body.data.ids, status }) };
      },
    },
    validate: {
      body: CreateWidgetInputSchema,
      check: async ({ db, session, body }): Promise<FieldErrors> => {
        const taken = await findWidgetByName(db, { companyId: companyOf(session), name: body.name });
        return taken && taken.id !== body.id ? { name: ['This name is already taken.'] } : {};
      },
    },
    permittedUsers: { handler: async ({ db, session }) => ({ results: await findWidgetCreators(db, { companyId: companyOf(session) }) }) },
    permittedRoles: { handler: async () => ({ results: WIDGET_ROLES }) },
  });
};
