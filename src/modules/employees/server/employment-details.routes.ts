// Employment details (user-employment-details: the employment record, the user row's
// department and location, and the line managers), the colleagues who may be line managers,
// and the bank-holiday region with its per-person override (user-bank-holidays).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import type * as v from 'valibot';
import { withTenant, type Trx } from '../../../server/db/database';
import { mountResource } from '../../../server/http/resource';
import { parseInput } from '../../../server/http/validate';
import { requireSession } from '../../../server/plugins/request-context';
import { AppError, type FieldErrors } from '../../../shared/app-error';
import type { Scope, ScopeActor } from '../../../shared/scopes';
import {
  LineManagerOptionsQuerySchema,
  EMPLOYMENT_RECORD_ALSO_INVALIDATES,
  EMPLOYMENT_RECORD_RESOURCES,
  UpdateBankHolidaysInputSchema,
  UpdateEmploymentDetailsInputSchema,
  ValidateEmploymentDetailsInputSchema,
} from '../employment-records.contract';
import { isUuid } from '../../../shared/ids';
import { withPerson } from '../../../server/http/person-access';
import { announceWrite } from './employment-records-access';
import * as queries from './employment-records.queries';

type EmploymentBody = v.InferOutput<typeof UpdateEmploymentDetailsInputSchema>;
const EMPLOYMENT_FIELDS = [
  'start_date',
  'continuous_service_date',
  'probation_end_date',
  'contract_type_id',
  'hours_per_week',
  'employee_number',
  'average_weekly_earnings',
] as const;
const pick = <K extends string>(body: Partial<Record<K, unknown>>, keys: readonly K[]) =>
  Object.fromEntries(keys.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]));

/**
 * What is wrong with the references of an employment form: company lists, active colleagues
 * as line managers (never the person), and a department-wide editor moving someone only into
 * one of their own departments.
 */
async function employmentErrors(
  trx: Trx,
  input: { companyId: string; userId: string | null; level: Scope | null; actor: ScopeActor; body: EmploymentBody },
): Promise<FieldErrors> {
  const { companyId, body } = input;
  const errors: FieldErrors = {};
  const exists = async (table: queries.ReferenceTable, id: string | null | undefined) =>
    !id || (await queries.findExistingReferences(trx, { table, companyId, ids: [id] })).has(id);
  if (!(await exists('contract_types', body.contract_type_id))) errors.contract_type_id = ['This contract type does not exist.'];
  if (!(await exists('company_locations', body.location_id))) errors.location_id = ['This location does not exist.'];
  if (!(await exists('departments', body.department_id))) errors.department_id = ['This department does not exist.'];
  else if (
    input.level === 'department' &&
    body.department_id !== undefined &&
    !input.actor.departmentIds.includes(body.department_id ?? '')
  ) {
    errors.department_id = ['You can only move people into your own departments.'];
  }
  const managers = body.line_manager_ids ?? [];
  if (input.userId && managers.includes(input.userId)) errors.line_manager_ids = ['A person cannot be their own line manager.'];
  else if (managers.length > 0) {
    const active = await queries.findActiveUserIds(trx, { companyId, ids: managers });
    if (managers.some((id) => !active.has(id))) errors.line_manager_ids = ['Choose active colleagues only.'];
  }
  return errors;
}

export function mountEmploymentRecords(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const endpoint = `/api/${EMPLOYMENT_RECORD_RESOURCES.employmentDetails}`;

  mountResource(app, deps, {
    name: EMPLOYMENT_RECORD_RESOURCES.employmentDetails,
    get: {
      handler: ({ session, id }) =>
        withPerson(db, { session, userId: id, endpoint, method: 'GET' }, (context) =>
          queries.getEmploymentDetails(context.trx, { companyId: context.subject.companyId, userId: id }),
        ),
    },
    update: {
      body: UpdateEmploymentDetailsInputSchema,
      handler: ({ request, session, id, body }) =>
        withPerson(db, { session, userId: id, endpoint, method: 'PUT' }, async (context) => {
          const { trx, subject } = context;
          const scoped = { companyId: subject.companyId, userId: subject.userId };
          const current = await queries.getEmploymentDetails(trx, scoped);
          if (!current) return undefined;
          // Not sending the department is not moving: a manager's unchanged form passes.
          const moved = body.department_id !== undefined && body.department_id !== current.department_id;
          const errors = await employmentErrors(trx, {
            ...scoped,
            level: context.level,
            actor: context.actor,
            body: moved ? body : { ...body, department_id: undefined },
          });
          if (Object.keys(errors).length > 0) throw AppError.validation(errors);
          const start = body.start_date === undefined ? current.start_date : body.start_date;
          const probation = body.probation_end_date === undefined ? current.probation_end_date : body.probation_end_date;
          if (start && probation && probation < start)
            throw AppError.validation({ probation_end_date: ['The probation end date cannot be before the start date.'] });

          await queries.upsertEmploymentDetails(trx, { ...scoped, values: pick(body, EMPLOYMENT_FIELDS) });
          const placement = pick(body, ['department_id', 'location_id'] as const);
          await queries.updateUserPlacement(trx, { ...scoped, values: placement });
          if (body.line_manager_ids) await queries.replaceLineManagers(trx, { ...scoped, managerIds: body.line_manager_ids });
          const userRowChanged = Object.keys(placement).length > 0 || body.line_manager_ids !== undefined;
          await announceWrite(auditCallerOf(request), context, {
            resource: EMPLOYMENT_RECORD_RESOURCES.employmentDetails,
            action: 'user_employment_details.updated',
            invalidates: userRowChanged ? EMPLOYMENT_RECORD_ALSO_INVALIDATES[EMPLOYMENT_RECORD_RESOURCES.employmentDetails] : [],
            details: { fields: Object.keys(body).filter((key) => body[key as keyof EmploymentBody] !== undefined) },
          });
          return queries.getEmploymentDetails(trx, scoped);
        }),
    },
    validate: {
      body: ValidateEmploymentDetailsInputSchema,
      method: 'PUT',
      check: async ({ session, scope, body }) => {
        const { user_id: userId, ...fields } = body;
        const person = userId && isUuid(userId) ? userId : null;
        if (!session.companyId) return {};
        const companyId = session.companyId;
        const actor = { userId: session.userId, companyId, departmentIds: session.departmentIds };
        return withTenant(db, companyId, async (trx) => {
          const current = person ? await queries.getEmploymentDetails(trx, { companyId, userId: person }) : undefined;
          const moved = fields.department_id !== undefined && fields.department_id !== current?.department_id;
          return employmentErrors(trx, {
            companyId,
            userId: person,
            level: scope,
            actor,
            body: moved ? fields : { ...fields, department_id: undefined },
          });
        });
      },
    },
  });

  app.get(`${endpoint}/:id/line-manager-options`, { config: { access: { endpoint, method: 'PUT' } } }, async (request) => {
    const session = requireSession(request);
    const { id } = request.params as { id: string };
    const query = parseInput(LineManagerOptionsQuerySchema, request.query ?? {});
    const results = await withPerson(db, { session, userId: id, endpoint, method: 'PUT' }, (context) =>
      queries.findLineManagerOptions(context.trx, { companyId: context.subject.companyId, userId: id, search: query.search, limit: 20 }),
    );
    return { results };
  });

  const bankEndpoint = `/api/${EMPLOYMENT_RECORD_RESOURCES.bankHolidays}`;
  mountResource(app, deps, {
    name: EMPLOYMENT_RECORD_RESOURCES.bankHolidays,
    get: {
      handler: ({ session, id }) =>
        withPerson(db, { session, userId: id, endpoint: bankEndpoint, method: 'GET' }, (context) =>
          queries.getBankHolidaySetting(context.trx, { companyId: context.subject.companyId, userId: id }),
        ),
    },
    update: {
      body: UpdateBankHolidaysInputSchema,
      handler: ({ request, session, id, body }) =>
        withPerson(db, { session, userId: id, endpoint: bankEndpoint, method: 'PUT' }, async (context) => {
          const scoped = { companyId: context.subject.companyId, userId: id };
          await queries.setBankHolidayOverride(context.trx, { ...scoped, region: body.bank_holiday_region });
          await announceWrite(auditCallerOf(request), context, {
            resource: EMPLOYMENT_RECORD_RESOURCES.bankHolidays,
            action: 'user_bank_holidays.updated',
            details: { bank_holiday_region: body.bank_holiday_region },
          });
          return queries.getBankHolidaySetting(context.trx, scoped);
        }),
    },
  });
}
