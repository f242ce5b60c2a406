// One organisation list as a generic resource: each list declares who reads it (see
// ListRead); the endpoint's holders create, change and delete its items. Names are unique in a company
// (422 "This name is already used."), an item in use cannot be deleted (409 with how many
// people use it), and every write is audited and invalidates the list for the company.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { recordCompanyWrite } from '../../../server/audit/company-write';
import type * as v from 'valibot';
import { companyNameTaken, deleteCompanyRow, type CompanyTable } from '../../../server/db/company-rows.queries';
import type { Trx } from '../../../server/db/database';
import { mountResource, type ResourceContext } from '../../../server/http/resource';
import { AppError, type FieldErrors } from '../../../shared/app-error';
import { DUPLICATE_NAME, ListQuerySchema } from '../organisation.contract';
import { inCompany } from '../../../server/http/company';
import { isForeignKeyViolation, isUniqueViolation } from '../../../server/db/pg-errors';
import { countUsers, createItem, findItems, getItem, updateItem, type Order, type Row, type Usage } from './organisation.queries';
import { isUuid } from '../../../shared/ids';
import { hasPermission } from '../../../shared/scopes';

type Mode = 'create' | 'update';

/**
 * Who reads a list and its items, declared by every list:
 * - 'company': every signed-in user of the company, without a permission entry (the reference
 *   lists forms and profiles name: departments, locations, job titles...);
 * - 'holders': holders of GET on the endpoint with company scope, those who manage that part
 *   of the company's settings;
 * - 'published': every user of the company reads the published items; drafts (no
 *   `published_at`) only those who may change the list (PUT on the endpoint).
 */
export type ListRead = 'company' | 'holders' | 'published';

export type ListResourceDefinition<TBody extends v.GenericSchema> = {
  /** resource name: /api/{name}, permission /api/{name}. */
  name: string;
  read: ListRead;
  table: CompanyTable;
  /** What one item is called in messages: "This {noun} is used by 3 employees." */
  noun: string;
  body: TBody;
  order: readonly Order[];
  /** Columns the search filter looks in. */
  search?: readonly string[];
  /** The column unique within the company. */
  unique?: 'name' | 'label';
  usages?: readonly Usage[];
  /** What to do about the people using an item before it can go. */
  inUseAdvice?: string;
  /** The columns a body writes; by default the body itself. */
  values?: (body: v.InferOutput<TBody>, mode: Mode, context: ResourceContext) => Record<string, unknown>;
  /** Adds what a row shows beyond its columns (managers, authors). */
  decorate?: (trx: Trx, rows: Row[], companyId: string) => Promise<Row[]>;
  /** Further resource names a write invalidates. */
  alsoInvalidates?: readonly string[];
};

export const inUseMessage = (noun: string, count: number, advice: string) =>
  `This ${noun} is used by ${count} ${count === 1 ? 'employee' : 'employees'}. ${advice}`;

/** The list's usages grouped by what to do about them, the list's own advice first. */
function usagesByAdvice(definition: { usages?: readonly Usage[]; inUseAdvice?: string }): Map<string, Usage[]> {
  const groups = new Map<string, Usage[]>();
  for (const usage of definition.usages ?? []) {
    const advice = usage.advice ?? definition.inUseAdvice ?? 'Move them first.';
    groups.set(advice, [...(groups.get(advice) ?? []), usage]);
  }
  return groups;
}

export function mountListResource<TBody extends v.GenericSchema>(
  app: FastifyInstance,
  deps: AppDeps,
  definition: ListResourceDefinition<TBody>,
): void {
  const { name, table, unique } = definition;
  const endpoint = `/api/${name}`;
  const invalidates = [name, ...(definition.alsoInvalidates ?? [])];
  const decorate = async (trx: Trx, rows: Row[], companyId: string) =>
    definition.decorate ? definition.decorate(trx, rows, companyId) : rows;
  const valuesOf = (body: v.InferOutput<TBody>, mode: Mode, context: ResourceContext) =>
    definition.values ? definition.values(body, mode, context) : (body as Record<string, unknown>);

  const duplicateErrors = async (trx: Trx, input: { companyId: string; body: unknown; exceptId?: string }): Promise<FieldErrors> => {
    if (!unique) return {};
    const value = (input.body as Record<string, unknown>)[unique];
    if (typeof value !== 'string') return {};
    const taken = await companyNameTaken(trx, {
      table,
      column: unique,
      companyId: input.companyId,
      value,
      ...(input.exceptId ? { exceptId: input.exceptId } : {}),
    });
    return taken ? { [unique]: [DUPLICATE_NAME] } : {};
  };
  /** Runs a write; a unique violation that slipped past the check (a race) is the same 422. */
  const guarded = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (unique && isUniqueViolation(error)) throw AppError.validation({ [unique]: [DUPLICATE_NAME] });
      throw error;
    }
  };
  const write = (context: ResourceContext, input: { action: string; id: string; companyId: string; trx: Trx }) =>
    recordCompanyWrite(input.trx, {
      caller: { session: context.session, source: auditSourceOf(context.request) },
      companyId: input.companyId,
      action: `${name}.${input.action}`,
      targetType: name,
      targetId: input.id,
      invalidates,
    });

  const { read } = definition;
  /** Whether this reader sees only published items. */
  const publishedOnly = (context: ResourceContext) =>
    read === 'published' && !hasPermission(context.session.permissions, { endpoint, method: 'PUT' });
  // Holders read with company scope: the list is the company's, not anyone's own records.
  const holdersOnly = read === 'holders' ? { scope: 'company' as const } : {};

  mountResource(app, deps, {
    name,
    ...(read === 'holders' ? {} : { readAccess: 'authenticated' as const }),
    list: {
      ...holdersOnly,
      query: ListQuerySchema,
      handler: (context) =>
        inCompany(context, async (trx, companyId) => {
          const page = await findItems(trx, {
            table,
            companyId,
            search: context.query.search,
            searchColumns: definition.search ?? ['name'],
            order: definition.order,
            paging: context.paging,
            publishedOnly: publishedOnly(context),
          });
          return { results: await decorate(trx, page.results, companyId), count: page.count };
        }),
    },
    get: {
      ...holdersOnly,
      handler: (context) =>
        inCompany(context, async (trx, companyId) => {
          const row = await getItem(trx, { table, companyId, id: context.id, publishedOnly: publishedOnly(context) });
          return row ? (await decorate(trx, [row], companyId))[0] : undefined;
        }),
    },
    create: {
      body: definition.body,
      handler: (context) =>
        guarded(() =>
          inCompany(context, async (trx, companyId) => {
            const duplicate = await duplicateErrors(trx, { companyId, body: context.body });
            if (Object.keys(duplicate).length > 0) throw AppError.validation(duplicate);
            const row = await createItem(trx, { table, companyId, values: valuesOf(context.body, 'create', context) });
            await write(context, { action: 'created', id: row.id, companyId, trx });
            return (await decorate(trx, [row], companyId))[0];
          }),
        ),
    },
    update: {
      body: definition.body,
      handler: (context) =>
        guarded(() =>
          inCompany(context, async (trx, companyId) => {
            if (!(await getItem(trx, { table, companyId, id: context.id }))) return undefined;
            const duplicate = await duplicateErrors(trx, { companyId, body: context.body, exceptId: context.id });
            if (Object.keys(duplicate).length > 0) throw AppError.validation(duplicate);
            const row = await updateItem(trx, { table, companyId, id: context.id, values: valuesOf(context.body, 'update', context) });
            if (!row) return undefined;
            await write(context, { action: 'updated', id: row.id, companyId, trx });
            return (await decorate(trx, [row], companyId))[0];
          }),
        ),
    },
    delete: {
      handler: async (context) => {
        try {
          return await inCompany(context, async (trx, companyId) => {
            if (!(await getItem(trx, { table, companyId, id: context.id }))) return false;
            for (const [advice, usages] of usagesByAdvice(definition)) {
              const users = await countUsers(trx, { companyId, id: context.id, usages });
              if (users > 0) throw new AppError('conflict', { message: inUseMessage(definition.noun, users, advice) });
            }
            const deleted = await deleteCompanyRow(trx, { table, companyId, id: context.id });
            if (deleted) await write(context, { action: 'deleted', id: context.id, companyId, trx });
            return deleted;
          });
        } catch (error) {
          // Someone started using it between the count and the delete.
          if (isForeignKeyViolation(error)) throw new AppError('conflict', { message: `This ${definition.noun} is in use.` });
          throw error;
        }
      },
    },
    validate: {
      body: definition.body,
      check: async (context) => {
        const raw = context.request.body as { id?: unknown } | null;
        const exceptId = typeof raw?.id === 'string' && isUuid(raw.id) ? raw.id : undefined;
        return inCompany(context, (trx, companyId) =>
          duplicateErrors(trx, { companyId, body: context.body, ...(exceptId ? { exceptId } : {}) }),
        );
      },
    },
  });
}
