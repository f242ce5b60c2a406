// One person-record resource of the generic API: GET /api/{name}?user_id= lists the
// person's records (with any extra fields of the list, such as the latest termination date),
// POST / PUT /{id} / DELETE /{id} write them, and POST /validate checks a form. Every route
// runs through the person's scope checks; every write is audited and published.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import type * as v from 'valibot';
import type { Trx } from '../../../server/db/database';
import { mountResource } from '../../../server/http/resource';
import { parseInput } from '../../../server/http/validate';
import { requireSession } from '../../../server/plugins/request-context';
import { AppError, type FieldErrors } from '../../../shared/app-error';
import { listResponse, pagingFrom, type Paging } from '../../../shared/list';
import type { EmploymentRecordResource } from '../employment-records.contract';
import { withPerson, type PersonContext } from '../../../server/http/person-access';
import { announceWrite, withRecordOwner } from './employment-records-access';
import { deleteRecord, type RecordTable } from './employment-records.queries';

type Listed = { results: unknown[]; count: number; extra?: Record<string, unknown> };

export type PersonRecordDefinition<TQuery extends { user_id: string }, TBody> = {
  resource: EmploymentRecordResource;
  table: RecordTable;
  query: v.GenericSchema<unknown, TQuery>;
  create: v.GenericSchema<unknown, TBody & { user_id: string }>;
  update: v.GenericSchema<unknown, TBody>;
  /** Further resources a write changes (such as user-basic when the user row changes). */
  alsoInvalidates?: readonly string[];
  list: (context: PersonContext, input: { query: TQuery; paging: Paging }) => Promise<Listed>;
  /** Field errors for the company lists and people the body names; checked before every write and by /validate. */
  check: (trx: Trx, input: { companyId: string; body: TBody }) => Promise<FieldErrors>;
  insert: (context: PersonContext, body: TBody) => Promise<string>;
  /** False when the person has no such record. */
  write: (context: PersonContext, input: { id: string; body: TBody }) => Promise<boolean>;
  get: (context: PersonContext, id: string) => Promise<unknown>;
  /** Runs after every write in its transaction (job titles keep users.job_title current). */
  afterWrite?: (context: PersonContext) => Promise<void>;
};

const PAGING_KEYS = new Set(['offset', 'limit', 'page']);
const action = (resource: string, verb: string) => `${resource.replace(/-/g, '_')}.${verb}`;

export function mountPersonRecords<TQuery extends { user_id: string }, TBody>(
  app: FastifyInstance,
  deps: AppDeps,
  definition: PersonRecordDefinition<TQuery, TBody>,
): void {
  const { db } = deps;
  const { resource, table } = definition;
  const endpoint = `/api/${resource}`;

  const checked = async (context: PersonContext, body: TBody) => {
    const errors = await definition.check(context.trx, { companyId: context.subject.companyId, body });
    if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  };

  app.get(endpoint, { config: { access: { endpoint, method: 'GET' } } }, async (request) => {
    const session = requireSession(request);
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const paging = pagingFrom(raw);
    const query = parseInput(definition.query, Object.fromEntries(Object.entries(raw).filter(([key]) => !PAGING_KEYS.has(key))));
    const page = await withPerson(db, { session, userId: query.user_id, endpoint, method: 'GET' }, (context) =>
      definition.list(context, { query, paging }),
    );
    return { ...listResponse(page.results, page.count, paging), ...page.extra };
  });

  mountResource(app, deps, {
    name: resource,
    create: {
      body: definition.create,
      handler: ({ request, session, body }) => {
        const { user_id: userId, ...values } = body as TBody & { user_id: string };
        const fields = values as TBody;
        return withPerson(db, { session, userId, endpoint, method: 'POST' }, async (context) => {
          await checked(context, fields);
          const id = await definition.insert(context, fields);
          await definition.afterWrite?.(context);
          await announceWrite(auditCallerOf(request), context, {
            resource,
            action: action(resource, 'created'),
            invalidates: definition.alsoInvalidates,
            details: { id },
          });
          return definition.get(context, id);
        });
      },
    },
    update: {
      body: definition.update,
      handler: ({ request, session, id, body }) =>
        withRecordOwner(db, { session, table, id, endpoint, method: 'PUT' }, async (context) => {
          await checked(context, body);
          if (!(await definition.write(context, { id, body }))) return undefined;
          await definition.afterWrite?.(context);
          await announceWrite(auditCallerOf(request), context, {
            resource,
            action: action(resource, 'updated'),
            invalidates: definition.alsoInvalidates,
            details: { id },
          });
          return definition.get(context, id);
        }),
    },
    delete: {
      handler: async ({ request, session, id }) =>
        (await withRecordOwner(db, { session, table, id, endpoint, method: 'DELETE' }, async (context) => {
          const companyId = context.subject.companyId;
          if (!(await deleteRecord(context.trx, { table, id, companyId, userId: context.subject.userId }))) return false;
          await definition.afterWrite?.(context);
          await announceWrite(auditCallerOf(request), context, {
            resource,
            action: action(resource, 'deleted'),
            invalidates: definition.alsoInvalidates,
            details: { id },
          });
          return true;
        })) ?? false,
    },
    validate: {
      body: definition.create,
      check: ({ session, body }) => {
        const { user_id: userId, ...values } = body as TBody & { user_id: string };
        return withPerson(db, { session, userId, endpoint, method: 'POST' }, (context) =>
          definition.check(context.trx, { companyId: context.subject.companyId, body: values as TBody }),
        );
      },
    },
  });
}
