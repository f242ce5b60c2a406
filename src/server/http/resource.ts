// Mounts one resource of the generic API under /api/{name}. A module calls it in
// its Fastify plugin with only the parts it has; each route declares its permission
// `{endpoint: '/api/{name}', method}`, and query and body reach the handler already parsed
// with the module's contract schemas. Handlers return data; statuses are decided here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { AppError, type FieldErrors } from '../../shared/app-error';
import { listResponse, pagingFrom, type Paging } from '../../shared/list';
import type { BulkBody, ValidateResponse } from '../../shared/resource-api';
import type { HttpMethod, Scope } from '../../shared/scopes';
import type { Db } from '../db/database';
import { requireSession, type RouteAccess, type Session } from '../plugins/request-context';
import { fieldErrorsFromIssues } from '../../shared/validation';
import { parseInput } from './validate';

type Schema = v.GenericSchema;

/** What every handler receives. `scope` is the caller's level for the route's permission. */
export type ResourceContext = { request: FastifyRequest; session: Session; scope: Scope; db: Db };
export type ResourceRecordContext = ResourceContext & { id: string };

type Handler<TContext, TResult> = (context: TContext) => Promise<TResult>;
/** `scope` raises the level the route requires (default: any level, i.e. own). */
type Part<TContext, TResult> = { scope?: Scope; handler: Handler<TContext, TResult> };

export type ResourceDefinition<
  TQuery extends Schema,
  TCreate extends Schema,
  TUpdate extends Schema,
  TBulk extends v.GenericSchema<unknown, BulkBody>,
  TValidate extends Schema,
> = {
  /** The resource name as the API spells it: the path is /api/{name}. */
  name: string;
  /** The permission endpoint, when it is not /api/{name}. */
  endpoint?: string;
  /**
   * 'authenticated': every signed-in user reads the list and its records without a permission
   * entry (the reference lists every form needs: departments, locations, job titles); the
   * handlers still keep to the caller's company. The entry then only shows a settings tab.
   */
  readAccess?: 'authenticated';
  /** Record ids; default a UUID. An id that does not fit is a 404: no such record exists. */
  id?: v.GenericSchema<unknown, string>;
  /** GET /api/{name}: the handler returns one page; paging keys never reach `query`. */
  list?: Part<ResourceContext & { query: v.InferOutput<TQuery>; paging: Paging }, { results: unknown[]; count: number }> & {
    query: TQuery;
    /**
     * The list is read through the company's data version (src/server/http/versioned-read.ts):
     * an ETag, 304s, one computation per version. Only for a list whose every change is a
     * write that publishes a realtime event.
     */
    versioned?: true;
  };
  /** GET /api/{name}/{id}: undefined or null is a 404. */
  get?: Part<ResourceRecordContext, unknown>;
  /** POST /api/{name}: 201 with what the handler returns. */
  create?: Part<ResourceContext & { body: v.InferOutput<TCreate> }, unknown> & { body: TCreate };
  /** PUT /api/{name}/{id}: undefined or null is a 404. */
  update?: Part<ResourceRecordContext & { body: v.InferOutput<TUpdate> }, unknown> & { body: TUpdate };
  /** DELETE /api/{name}/{id}: 204 with no body; false is a 404. */
  delete?: Part<ResourceRecordContext, boolean>;
  /**
   * POST /api/{name}/bulk `{action, data}`. The body schema is usually a `v.variant('action', …)`.
   * `method` names the permission the route requires (a bulk delete needs DELETE).
   */
  bulk?: Part<ResourceContext & { body: v.InferOutput<TBulk> }, unknown> & { body: TBulk; method: HttpMethod };
  /**
   * POST /api/{name}/validate with the whole form: 200 `{errors}` (see ValidateResponse).
   * `check` adds server-side checks once the schema passes; `method` defaults to POST.
   */
  validate?: {
    body: TValidate;
    method?: 'POST' | 'PUT';
    scope?: Scope;
    check?: Handler<ResourceContext & { body: v.InferOutput<TValidate> }, FieldErrors>;
  };
  /** GET /api/{name}/permitted-users and /permitted-roles: whom the caller may choose. */
  permittedUsers?: Part<ResourceContext, unknown>;
  permittedRoles?: Part<ResourceContext, unknown>;
};

const defaultIdSchema = v.pipe(v.string(), v.uuid());
const pagingKeys = new Set(['offset', 'limit', 'page']);

export function mountResource<
  TQuery extends Schema,
  TCreate extends Schema,
  TUpdate extends Schema,
  TBulk extends v.GenericSchema<unknown, BulkBody>,
  TValidate extends Schema,
>(app: FastifyInstance, deps: { db: Db }, definition: ResourceDefinition<TQuery, TCreate, TUpdate, TBulk, TValidate>): void {
  const base = `/api/${definition.name}`;
  const endpoint = definition.endpoint ?? base;
  const idSchema = definition.id ?? defaultIdSchema;
  const config = (method: HttpMethod, scope: Scope | undefined): { access: RouteAccess } => ({
    access: { endpoint, method, ...(scope ? { scope } : {}) },
  });
  const readConfig = (scope: Scope | undefined): { access: RouteAccess } =>
    definition.readAccess ? { access: definition.readAccess } : config('GET', scope);

  const contextOf = (request: FastifyRequest, read = false): ResourceContext => {
    const session = requireSession(request);
    // An open read has no permission entry to check: its scope is the narrowest, own.
    if (read && definition.readAccess) return { request, session, scope: request.scope ?? 'own', db: deps.db };
    // The request-context plugin sets the scope for every route with a permission.
    if (!request.scope) throw AppError.forbidden();
    return { request, session, scope: request.scope, db: deps.db };
  };
  const recordContextOf = (request: FastifyRequest, read = false): ResourceRecordContext => {
    const context = contextOf(request, read);
    const result = v.safeParse(idSchema, (request.params as { id?: unknown }).id);
    if (!result.success) throw AppError.notFound();
    return { ...context, id: result.output };
  };
  const found = (reply: FastifyReply, record: unknown) => {
    if (record === undefined || record === null) throw AppError.notFound();
    return reply.send(record);
  };

  const { list, get, create, update, bulk, validate, permittedUsers, permittedRoles } = definition;
  const remove = definition.delete;

  if (list) {
    const listConfig = { ...readConfig(list.scope), ...(list.versioned ? { versionedRead: true as const } : {}) };
    app.get(base, { config: listConfig }, async (request) => {
      const context = contextOf(request, true);
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const paging = pagingFrom(raw);
      const filters = Object.fromEntries(Object.entries(raw).filter(([key]) => !pagingKeys.has(key)));
      const page = await list.handler({ ...context, query: parseInput(list.query, filters), paging });
      return listResponse(page.results, page.count, paging);
    });
  }
  if (permittedUsers) {
    app.get(`${base}/permitted-users`, { config: config('GET', permittedUsers.scope) }, async (request, reply) =>
      reply.send(await permittedUsers.handler(contextOf(request))),
    );
  }
  if (permittedRoles) {
    app.get(`${base}/permitted-roles`, { config: config('GET', permittedRoles.scope) }, async (request, reply) =>
      reply.send(await permittedRoles.handler(contextOf(request))),
    );
  }
  if (get) {
    app.get(`${base}/:id`, { config: readConfig(get.scope) }, async (request, reply) =>
      found(reply, await get.handler(recordContextOf(request, true))),
    );
  }
  if (create) {
    app.post(base, { config: config('POST', create.scope) }, async (request, reply) => {
      const context = contextOf(request);
      const created = await create.handler({ ...context, body: parseInput(create.body, request.body) });
      return reply.code(201).send(created);
    });
  }
  if (update) {
    app.put(`${base}/:id`, { config: config('PUT', update.scope) }, async (request, reply) => {
      const context = recordContextOf(request);
      return found(reply, await update.handler({ ...context, body: parseInput(update.body, request.body) }));
    });
  }
  if (remove) {
    app.delete(`${base}/:id`, { config: config('DELETE', remove.scope) }, async (request, reply) => {
      if (!(await remove.handler(recordContextOf(request)))) throw AppError.notFound();
      return reply.code(204).send();
    });
  }
  if (bulk) {
    app.post(`${base}/bulk`, { config: config(bulk.method, bulk.scope) }, async (request, reply) => {
      const context = contextOf(request);
      return reply.send(await bulk.handler({ ...context, body: parseInput(bulk.body, request.body) }));
    });
  }
  if (validate) {
    app.post(`${base}/validate`, { config: config(validate.method ?? 'POST', validate.scope) }, async (request) => {
      const context = contextOf(request);
      const result = v.safeParse(validate.body, request.body);
      if (!result.success) return { errors: fieldErrorsFromIssues(result.issues) } satisfies ValidateResponse;
      return { errors: validate.check ? await validate.check({ ...context, body: result.output }) : {} } satisfies ValidateResponse;
    });
  }
}
