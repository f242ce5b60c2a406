// Drives the test-only widgets resource over HTTP as a chosen session, for the resource-API
// and idempotency suites.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { expect } from 'vitest';
import type { AppDeps } from '../../src/server/app-deps';
import type { Session } from '../../src/server/plugins/request-context';
import type { ListResponse } from '../../src/shared/list';
import type { HttpMethod, PermissionEntry, Scope } from '../../src/shared/scopes';
import { authHeader, createTestApp, testSession, type TestApp } from './test-app';
import type { Widget } from './widgets.contract';
import { createWidgetsTable } from './widgets.queries';
import { WIDGETS_ENDPOINT, widgetsResource } from './widgets-resource';

export const ALL_METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

export function grantWidgets(methods: HttpMethod[], type: Scope = 'company'): PermissionEntry[] {
  return methods.map((method) => ({ endpoint: WIDGETS_ENDPOINT, method, type }));
}

/** A user of `companyId` (a new company unless given) who may do everything to widgets. */
export function widgetsMember(companyId: string = randomUUID(), permissions = grantWidgets(ALL_METHODS)): Session {
  return testSession({ companyId, permissions });
}

/** The app with the widgets resource and its table; the rate limit is out of the way of fuzzing. */
export async function createWidgetsTestApp(plugins: FastifyPluginAsync<{ deps: AppDeps }>[] = []): Promise<TestApp> {
  const t = await createTestApp({ plugins: [widgetsResource, ...plugins], env: { RATE_LIMIT_MAX: '1000000' } });
  await createWidgetsTable(t.database.ownerDb);
  return t;
}

export type ApiRequest = { method: HttpMethod; url: string; payload?: unknown; headers?: Record<string, string> };

export function widgetsClient(app: FastifyInstance, session: Session | null) {
  const send = (request: ApiRequest) =>
    app.inject({
      method: request.method,
      url: request.url,
      headers: { ...(session ? authHeader(session) : {}), ...request.headers },
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    });
  return {
    send,
    get: (url: string) => send({ method: 'GET', url }),
    post: (url: string, payload?: unknown) => send({ method: 'POST', url, payload }),
    put: (url: string, payload?: unknown) => send({ method: 'PUT', url, payload }),
    delete: (url: string) => send({ method: 'DELETE', url }),
    /** Creates a widget (draft unless told) and expects a 201. */
    create: async (body: Record<string, unknown>): Promise<Widget> => {
      const res = await send({ method: 'POST', url: '/api/widgets', payload: { status: 'draft', ...body } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Widget>();
    },
    /** One page of the caller's widgets; `query` starts with "?". */
    list: async (query = ''): Promise<ListResponse<Widget>> => {
      const res = await send({ method: 'GET', url: `/api/widgets${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ListResponse<Widget>>();
    },
  };
}

export type KeyedRequest = {
  session?: Session;
  key?: string;
  method?: HttpMethod;
  url?: string;
  body?: unknown;
  headers?: Record<string, string>;
};

/** Sends a request with an Idempotency-Key (when `key` is given); by default a widget create. */
export function sendWithKey(app: FastifyInstance, request: KeyedRequest) {
  const { session, key, method = 'POST', url = '/api/widgets', body, headers } = request;
  return widgetsClient(app, session ?? null).send({
    method,
    url,
    payload: body,
    headers: { ...(key === undefined ? {} : { 'idempotency-key': key }), ...headers },
  });
}

/** How many widgets the session's company holds. */
export async function countWidgetsOf(app: FastifyInstance, session: Session): Promise<number> {
  return (await widgetsClient(app, session).list()).count;
}
