// user-managed-department (filters user_id and department_id): the departments a
// manager manages beyond their own. Every company user reads them; the endpoint's holders
// add and remove them. A person's own department is listed, marked, and cannot be removed here.
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { recordCompanyWrite } from '../../../server/audit/company-write';
import type { Trx } from '../../../server/db/database';
import { mountResource, type ResourceContext } from '../../../server/http/resource';
import { AppError, type FieldErrors } from '../../../shared/app-error';
import {
  ManagedDepartmentInputSchema,
  ManagedDepartmentQuerySchema,
  ORGANISATION_RESOURCES,
  OWN_DEPARTMENT_MESSAGE,
  type ManagedDepartmentInput,
} from '../organisation.contract';
import { inCompany } from '../../../server/http/company';
import {
  addManagedDepartment,
  departmentExists,
  findManagedDepartments,
  getManagedDepartment,
  removeManagedDepartment,
  userDepartmentOf,
} from './managed-departments.queries';

const NAME = ORGANISATION_RESOURCES.managedDepartments;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const IdSchema = v.pipe(v.string(), v.regex(new RegExp(`^${UUID}_${UUID}$`, 'i')));
const INVALIDATES = [NAME, ORGANISATION_RESOURCES.departments];

/** Why the person cannot be given the department, by field; none when they can. */
async function refusal(trx: Trx, input: ManagedDepartmentInput & { companyId: string }): Promise<FieldErrors> {
  const person = await userDepartmentOf(trx, { companyId: input.companyId, userId: input.user_id });
  if (!person) return { user_id: ['This is not a valid user.'] };
  if (!(await departmentExists(trx, { companyId: input.companyId, departmentId: input.department_id }))) {
    return { department_id: ['This is not a valid department.'] };
  }
  if (person.departmentId === input.department_id) return { department_id: ['This is already their own department.'] };
  const existing = await getManagedDepartment(trx, {
    companyId: input.companyId,
    userId: input.user_id,
    departmentId: input.department_id,
  });
  return existing ? { department_id: ['They already manage this department.'] } : {};
}

export const managedDepartmentRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const audit = (trx: Trx, context: ResourceContext, input: { companyId: string; action: string; id: string }) =>
    recordCompanyWrite(trx, {
      caller: { session: context.session, source: auditSourceOf(context.request) },
      companyId: input.companyId,
      action: `${NAME}.${input.action}`,
      targetType: NAME,
      targetId: input.id,
      invalidates: INVALIDATES,
    });

  mountResource(app, deps, {
    name: NAME,
    readAccess: 'authenticated',
    id: IdSchema,
    list: {
      query: ManagedDepartmentQuerySchema,
      handler: ({ query, paging, ...context }) =>
        inCompany(context, (trx, companyId) =>
          findManagedDepartments(trx, { companyId, userId: query.user_id, departmentId: query.department_id, paging }),
        ),
    },
    create: {
      body: ManagedDepartmentInputSchema,
      handler: (context) =>
        inCompany(context, async (trx, companyId) => {
          const errors = await refusal(trx, { ...context.body, companyId });
          if (Object.keys(errors).length > 0) throw AppError.validation(errors);
          const filters = { companyId, userId: context.body.user_id, departmentId: context.body.department_id };
          if (!(await addManagedDepartment(trx, filters)))
            throw AppError.validation({ department_id: ['They already manage this department.'] });
          const row = await getManagedDepartment(trx, filters);
          if (!row) throw AppError.notFound();
          await audit(trx, context, { companyId, action: 'created', id: row.id });
          return row;
        }),
    },
    delete: {
      handler: (context) => {
        const [userId = '', departmentId = ''] = context.id.split('_');
        return inCompany(context, async (trx, companyId) => {
          const person = await userDepartmentOf(trx, { companyId, userId });
          if (!person) return false;
          if (person.departmentId === departmentId) throw new AppError('conflict', { message: OWN_DEPARTMENT_MESSAGE });
          const removed = await removeManagedDepartment(trx, { companyId, userId, departmentId });
          if (removed) await audit(trx, context, { companyId, action: 'deleted', id: context.id });
          return removed;
        });
      },
    },
    validate: {
      body: ManagedDepartmentInputSchema,
      check: (context) => inCompany(context, (trx, companyId) => refusal(trx, { ...context.body, companyId })),
    },
  });
};
