// The company's expense types (read by everyone of the company, ordered by name; added,
// changed and archived by owners and HR admins through /api/expense-type) and its own mileage rates.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { recordCompanyWrite } from '../../../server/audit/company-write';
import { withTenant } from '../../../server/db/database';
import { isUniqueViolation } from '../../../server/db/pg-errors';
import { mountResource } from '../../../server/http/resource';
import { parseInput } from '../../../server/http/validate';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import {
  EXPENSE_TYPE_ENDPOINT,
  EXPENSE_INVALIDATES,
  EXPENSE_RESOURCES,
  ExpenseSettingsInputSchema,
  ExpenseTypeInputSchema,
  ExpenseTypeListQuerySchema,
  expenseMessages,
  expensePaths,
  pounds,
  toPence,
  type ExpenseSettings,
  type ExpenseType,
} from '../expenses.contract';
import {
  archiveExpenseType,
  findExpenseSettings,
  insertExpenseType,
  listExpenseTypes,
  saveExpenseSettings,
  updateExpenseType,
  type ExpenseTypeRow,
} from './expense-types.queries';

const toType = (row: ExpenseTypeRow): ExpenseType => ({
  id: row.id,
  name: row.name,
  limit: row.limit_pence === null ? null : pounds(row.limit_pence),
  receipt_required: row.receipt_required,
  archived: row.archived_at !== null,
});
const nameTaken = (error: unknown): never => {
  if (isUniqueViolation(error)) throw AppError.validation({ name: [expenseMessages.typeExists] });
  throw error;
};

export function mountExpenseTypes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const write = (request: Parameters<typeof auditCallerOf>[0], companyId: string, action: string, targetId: string) => ({
    caller: auditCallerOf(request),
    companyId,
    action,
    targetType: 'expense_type',
    targetId,
    invalidates: [...EXPENSE_INVALIDATES.types],
  });

  mountResource(app, deps, {
    name: EXPENSE_RESOURCES.type,
    endpoint: EXPENSE_TYPE_ENDPOINT,
    readAccess: 'authenticated',
    list: {
      query: ExpenseTypeListQuerySchema,
      handler: async ({ session, query }) => {
        const companyId = requireCompany(session, 'not_found');
        const rows = await withTenant(db, companyId, (trx) =>
          listExpenseTypes(trx, { companyId, includeArchived: query.include_archived ?? false }),
        );
        return { results: rows.map(toType), count: rows.length };
      },
    },
    create: {
      scope: 'company',
      body: ExpenseTypeInputSchema,
      handler: async ({ request, session, body }) => {
        const companyId = requireCompany(session, 'not_found');
        return withTenant(db, companyId, async (trx) => {
          const row = await insertExpenseType(trx, {
            companyId,
            name: body.name,
            limitPence: body.limit === null ? null : toPence(body.limit),
            receiptRequired: body.receipt_required,
          }).catch(nameTaken);
          await recordCompanyWrite(trx, write(request, companyId, 'expense_type.created', row.id));
          return toType(row);
        });
      },
    },
    update: {
      scope: 'company',
      body: ExpenseTypeInputSchema,
      handler: async ({ request, session, id, body }) => {
        const companyId = requireCompany(session, 'not_found');
        return withTenant(db, companyId, async (trx) => {
          const row = await updateExpenseType(trx, {
            companyId,
            id,
            name: body.name,
            limitPence: body.limit === null ? null : toPence(body.limit),
            receiptRequired: body.receipt_required,
          }).catch(nameTaken);
          if (!row) return undefined;
          await recordCompanyWrite(trx, write(request, companyId, 'expense_type.updated', id));
          return toType(row);
        });
      },
    },
    delete: {
      scope: 'company',
      handler: async ({ request, session, id }) => {
        const companyId = requireCompany(session, 'not_found');
        return withTenant(db, companyId, async (trx) => {
          const archived = await archiveExpenseType(trx, { companyId, id });
          if (archived) await recordCompanyWrite(trx, write(request, companyId, 'expense_type.archived', id));
          return archived;
        });
      },
    },
  });

  const toSettings = (row: Awaited<ReturnType<typeof findExpenseSettings>>): ExpenseSettings => ({
    car_rate: row.car_rate_pence,
    motorcycle_rate: row.motorcycle_rate_pence,
    bicycle_rate: row.bicycle_rate_pence,
  });
  app.get(expensePaths.settings, { config: { access: 'authenticated' } }, async (request) => {
    const companyId = requireCompany(requireSession(request), 'not_found');
    return toSettings(await withTenant(db, companyId, (trx) => findExpenseSettings(trx, companyId)));
  });
  app.put(
    expensePaths.settings,
    { config: { access: { endpoint: EXPENSE_TYPE_ENDPOINT, method: 'PUT', scope: 'company' } } },
    async (request) => {
      const companyId = requireCompany(requireSession(request), 'not_found');
      const body = parseInput(ExpenseSettingsInputSchema, request.body ?? {});
      return withTenant(db, companyId, async (trx) => {
        await saveExpenseSettings(trx, {
          companyId,
          car_rate_pence: body.car_rate,
          motorcycle_rate_pence: body.motorcycle_rate,
          bicycle_rate_pence: body.bicycle_rate,
        });
        await recordCompanyWrite(trx, {
          caller: auditCallerOf(request),
          companyId,
          action: 'expense_settings.updated',
          targetType: 'company',
          targetId: companyId,
          invalidates: [...EXPENSE_INVALIDATES.settings],
        });
        return toSettings(await findExpenseSettings(trx, companyId));
      });
    },
  );
}
