// Leave and absences — policies-and-periods part: leave types, policy templates, company leave
// settings, blocked dates, bank holidays. Every company user reads them (forms and screens
// need them); owners and HR admins (company scope of each endpoint) change them. Names are
// unique in a company (422), built-in types are never deleted and anything in use cannot go
// (409 with the count); every write is audited and invalidates the resource for the company.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app';
import { mountResource, type ResourceContext } from '../../../server/http/resource';
import { parseInput } from '../../../server/http/validate';
import { requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { londonDate } from '../../../shared/dates';
import { bankHolidaysFor } from '../bank-holidays';
import {
  BANK_HOLIDAY_REGION_LABELS,
  BANK_HOLIDAY_REGIONS,
  BankHolidayQuerySchema,
  BlockedDateQuerySchema,
  BlockedDatePeriodInputSchema,
  CompanyBankHolidayInputSchema,
  CompanyLeaveSettingsInputSchema,
  LEAVE_INVALIDATES,
  LEAVE_RESOURCES,
  LeaveTypeInputSchema,
  LeaveTypeQuerySchema,
  leaveMessages,
  PolicyTemplateInputSchema,
  type BankHoliday,
  type BankHolidayRegionEntry,
  type LeaveSettingsResource,
} from '../leave.contract';
import { inLeaveCompany, isForeignKeyViolation, isUniqueViolation, namedCompany, recordLeaveWrite } from './settings-access';
import {
  clearOtherDefaults,
  countAbsencesOfType,
  deleteBlocked,
  deleteCompanyBankHoliday,
  deleteLeaveType,
  deleteTemplate,
  departmentInCompany,
  getBlocked,
  getLeaveSettings,
  getLeaveType,
  getTemplate,
  insertBlocked,
  insertCompanyBankHoliday,
  insertLeaveType,
  insertTemplate,
  leaveTypeNameTaken,
  listBlocked,
  listCompanyBankHolidays,
  listLeaveTypes,
  listTemplates,
  saveLeaveSettings,
  templateNameTaken,
  updateBlocked,
  updateLeaveType,
  updateTemplate,
} from './settings.queries';

const DUPLICATE_NAME = 'This name is already used.';
const endpointOf = (resource: string) => `/api/${resource}`;
const page = <T>(rows: T[], paging: { offset: number; limit: number }) => ({
  results: rows.slice(paging.offset, paging.offset + paging.limit),
  count: rows.length,
});

/** A write to a record by id: in the caller's company, where a record of another is not found. */
const onRecord = <T>(context: ResourceContext & { id: string }, fn: Parameters<typeof inLeaveCompany<T>>[2]) =>
  inLeaveCompany(context, {}, fn);

/** The audit-and-publish input of a write to `resource`, which refetches what the contract says it makes stale. */
const writeOf = (resource: LeaveSettingsResource) => (context: ResourceContext, companyId: string, action: string, id: string) => ({
  request: context.request,
  session: context.session,
  companyId,
  action: `${resource}.${action}`,
  targetType: resource,
  targetId: id,
  invalidates: LEAVE_INVALIDATES.settings[resource],
});

/** A unique violation that slipped past the check (two saves at once) is the same 422. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.validation({ name: [DUPLICATE_NAME] });
    throw error;
  }
}

function mountLeaveTypes(app: FastifyInstance): void {
  const resource = LEAVE_RESOURCES.leaveType;
  const audit = writeOf(resource);
  mountResource(app, {
    name: resource,
    readAccess: 'authenticated',
    list: {
      query: LeaveTypeQuerySchema,
      handler: (context) =>
        inLeaveCompany(context, { companyId: namedCompany(context.request.query) }, async (trx, companyId) =>
          page(await listLeaveTypes(trx, { companyId, includeArchived: context.query.include_archived ?? false }), context.paging),
        ),
    },
    get: {
      handler: (context) => inLeaveCompany(context, {}, (trx, companyId) => getLeaveType(trx, { companyId, id: context.id })),
    },
    create: {
      body: LeaveTypeInputSchema,
      scope: 'company',
      handler: (context) =>
        uniqueName(() =>
          inLeaveCompany(context, { companyId: namedCompany(context.request.body) }, async (trx, companyId) => {
            if (await leaveTypeNameTaken(trx, { companyId, name: context.body.name }))
              throw AppError.validation({ name: [DUPLICATE_NAME] });
            const created = await insertLeaveType(trx, { companyId, values: context.body });
            await recordLeaveWrite(trx, audit(context, companyId, 'created', created.id));
            return created;
          }),
        ),
    },
    update: {
      body: LeaveTypeInputSchema,
      scope: 'company',
      handler: (context) =>
        uniqueName(() =>
          onRecord(context, async (trx, companyId) => {
            if (!(await getLeaveType(trx, { companyId, id: context.id }))) return null;
            if (await leaveTypeNameTaken(trx, { companyId, name: context.body.name, exceptId: context.id })) {
              throw AppError.validation({ name: [DUPLICATE_NAME] });
            }
            const updated = await updateLeaveType(trx, { companyId, id: context.id, values: context.body });
            if (updated) await recordLeaveWrite(trx, audit(context, companyId, 'updated', context.id));
            return updated;
          }),
        ),
    },
    delete: {
      scope: 'company',
      handler: async (context) => {
        try {
          return await onRecord(context, async (trx, companyId) => {
            const type = await getLeaveType(trx, { companyId, id: context.id });
            if (!type) return false;
            if (type.key !== null) throw new AppError('conflict', { message: leaveMessages.builtInNotDeleted });
            const used = await countAbsencesOfType(trx, { companyId, id: context.id });
            if (used > 0) throw new AppError('conflict', { message: leaveMessages.leaveTypeInUse(used) });
            const deleted = await deleteLeaveType(trx, { companyId, id: context.id });
            if (deleted) await recordLeaveWrite(trx, audit(context, companyId, 'deleted', context.id));
            return deleted;
          });
        } catch (error) {
          // An absence of this type was booked between the count and the delete.
          if (isForeignKeyViolation(error)) throw new AppError('conflict', { message: leaveMessages.leaveTypeInUse(1) });
          throw error;
        }
      },
    },
  });
}

function mountPolicyTemplates(app: FastifyInstance): void {
  const resource = LEAVE_RESOURCES.policyTemplate;
  const audit = writeOf(resource);
  mountResource(app, {
    name: resource,
    readAccess: 'authenticated',
    list: {
      query: v.object({}),
      handler: (context) =>
        inLeaveCompany(context, { companyId: namedCompany(context.request.query) }, async (trx, companyId) =>
          page(await listTemplates(trx, companyId), context.paging),
        ),
    },
    get: {
      handler: (context) => inLeaveCompany(context, {}, (trx, companyId) => getTemplate(trx, { companyId, id: context.id })),
    },
    create: {
      body: PolicyTemplateInputSchema,
      scope: 'company',
      handler: (context) =>
        uniqueName(() =>
          inLeaveCompany(context, { companyId: namedCompany(context.request.body) }, async (trx, companyId) => {
            if (await templateNameTaken(trx, { companyId, name: context.body.name })) throw AppError.validation({ name: [DUPLICATE_NAME] });
            const id = await insertTemplate(trx, { companyId, values: context.body });
            if (context.body.is_default) await clearOtherDefaults(trx, { companyId, exceptId: id });
            await recordLeaveWrite(trx, audit(context, companyId, 'created', id));
            return getTemplate(trx, { companyId, id });
          }),
        ),
    },
    update: {
      body: PolicyTemplateInputSchema,
      scope: 'company',
      handler: (context) =>
        uniqueName(() =>
          onRecord(context, async (trx, companyId) => {
            if (!(await getTemplate(trx, { companyId, id: context.id }))) return null;
            if (await templateNameTaken(trx, { companyId, name: context.body.name, exceptId: context.id })) {
              throw AppError.validation({ name: [DUPLICATE_NAME] });
            }
            await updateTemplate(trx, { companyId, id: context.id, values: context.body });
            if (context.body.is_default) await clearOtherDefaults(trx, { companyId, exceptId: context.id });
            await recordLeaveWrite(trx, audit(context, companyId, 'updated', context.id));
            return getTemplate(trx, { companyId, id: context.id });
          }),
        ),
    },
    delete: {
      scope: 'company',
      handler: async (context) => {
        try {
          return await onRecord(context, async (trx, companyId) => {
            const template = await getTemplate(trx, { companyId, id: context.id });
            if (!template) return false;
            if (template.users_count > 0) throw new AppError('conflict', { message: leaveMessages.templateInUse(template.users_count) });
            const deleted = await deleteTemplate(trx, { companyId, id: context.id });
            if (deleted) await recordLeaveWrite(trx, audit(context, companyId, 'deleted', context.id));
            return deleted;
          });
        } catch (error) {
          if (isForeignKeyViolation(error)) throw new AppError('conflict', { message: leaveMessages.templateInUse(1) });
          throw error;
        }
      },
    },
  });
}

function mountLeaveSettingsResource(app: FastifyInstance, deps: AppDeps): void {
  const resource = LEAVE_RESOURCES.leaveSettings;
  const path = endpointOf(resource);
  const context = (request: Parameters<typeof requireSession>[0]) => ({ session: requireSession(request), db: deps.db });
  app.get(path, { config: { access: 'authenticated' } }, async (request) =>
    inLeaveCompany(context(request), { companyId: namedCompany(request.query) }, (trx, companyId) => getLeaveSettings(trx, companyId)),
  );
  app.put(path, { config: { access: { endpoint: path, method: 'PUT', scope: 'company' } } }, async (request) => {
    const body = parseInput(CompanyLeaveSettingsInputSchema, request.body);
    const session = requireSession(request);
    return inLeaveCompany(context(request), { companyId: namedCompany(request.body) }, async (trx, companyId) => {
      await saveLeaveSettings(trx, { companyId, values: body });
      await recordLeaveWrite(trx, {
        request,
        session,
        companyId,
        action: `${resource}.updated`,
        targetType: resource,
        targetId: companyId,
        invalidates: LEAVE_INVALIDATES.settings[resource],
        details: body,
      });
      return getLeaveSettings(trx, companyId);
    });
  });
}

function mountBlockedDates(app: FastifyInstance): void {
  const resource = LEAVE_RESOURCES.blockedDates;
  const audit = writeOf(resource);
  const checkDepartment = async (trx: Parameters<typeof departmentInCompany>[0], companyId: string, id: string | null) => {
    if (id !== null && !(await departmentInCompany(trx, { companyId, id })))
      throw AppError.validation({ department_id: [leaveMessages.unknown] });
  };
  mountResource(app, {
    name: resource,
    readAccess: 'authenticated',
    list: {
      query: BlockedDateQuerySchema,
      handler: (context) =>
        inLeaveCompany(context, { companyId: namedCompany(context.request.query) }, (trx, companyId) =>
          listBlocked(trx, { companyId, from: context.query.from, to: context.query.to, paging: context.paging }),
        ),
    },
    get: {
      handler: (context) => inLeaveCompany(context, {}, (trx, companyId) => getBlocked(trx, { companyId, id: context.id })),
    },
    create: {
      body: BlockedDatePeriodInputSchema,
      scope: 'company',
      handler: (context) =>
        inLeaveCompany(context, { companyId: namedCompany(context.request.body) }, async (trx, companyId) => {
          await checkDepartment(trx, companyId, context.body.department_id);
          const id = await insertBlocked(trx, { companyId, values: context.body });
          await recordLeaveWrite(trx, audit(context, companyId, 'created', id));
          return getBlocked(trx, { companyId, id });
        }),
    },
    update: {
      body: BlockedDatePeriodInputSchema,
      scope: 'company',
      handler: (context) =>
        onRecord(context, async (trx, companyId) => {
          if (!(await getBlocked(trx, { companyId, id: context.id }))) return null;
          await checkDepartment(trx, companyId, context.body.department_id);
          await updateBlocked(trx, { companyId, id: context.id, values: context.body });
          await recordLeaveWrite(trx, audit(context, companyId, 'updated', context.id));
          return getBlocked(trx, { companyId, id: context.id });
        }),
    },
    delete: {
      scope: 'company',
      handler: (context) =>
        onRecord(context, async (trx, companyId) => {
          const deleted = await deleteBlocked(trx, { companyId, id: context.id });
          if (deleted) await recordLeaveWrite(trx, audit(context, companyId, 'deleted', context.id));
          return deleted;
        }),
    },
  });
}

/** The shipped days of a region and year as the API shows them. */
const shippedDays = (region: (typeof BANK_HOLIDAY_REGIONS)[number], year: number): BankHoliday[] =>
  bankHolidaysFor(region, year).map((day) => ({
    id: `${day.region}:${day.date}`,
    date: day.date,
    name: day.name,
    region: day.region,
    projected: day.projected,
    company_added: false,
  }));

function mountBankHolidays(app: FastifyInstance): void {
  const regions = LEAVE_RESOURCES.bankHolidayRegions;
  const resource = LEAVE_RESOURCES.bankHolidays;
  const entries: BankHolidayRegionEntry[] = BANK_HOLIDAY_REGIONS.map((id) => ({ id, name: BANK_HOLIDAY_REGION_LABELS[id] }));
  mountResource(app, {
    name: regions,
    readAccess: 'authenticated',
    id: v.picklist(BANK_HOLIDAY_REGIONS),
    list: { query: v.object({}), handler: async (context) => page(entries, context.paging) },
    get: { handler: async (context) => entries.find((entry) => entry.id === context.id) },
  });

  const audit = writeOf(resource);
  mountResource(app, {
    name: resource,
    readAccess: 'authenticated',
    // Shipped days have ids like "scotland:2025-12-01": found (a 409 on delete), never deleted.
    id: v.pipe(v.string(), v.maxLength(40)),
    list: {
      query: BankHolidayQuerySchema,
      handler: (context) =>
        inLeaveCompany(context, { companyId: context.query.company_id }, async (trx, companyId) => {
          const year = context.query.year ?? Number(londonDate(new Date()).slice(0, 4));
          const region = context.query.bank_holiday_region_id;
          const shipped = (region ? [region] : BANK_HOLIDAY_REGIONS).flatMap((r) => shippedDays(r, year));
          const own = await listCompanyBankHolidays(trx, { companyId, region, from: `${year}-01-01`, to: `${year}-12-31` });
          const days = [...shipped, ...own].sort((a, b) => a.date.localeCompare(b.date) || (a.region ?? '').localeCompare(b.region ?? ''));
          return page(days, context.paging);
        }),
    },
    create: {
      body: CompanyBankHolidayInputSchema,
      scope: 'company',
      handler: async (context) => {
        try {
          return await inLeaveCompany(context, { companyId: namedCompany(context.request.body) }, async (trx, companyId) => {
            const created = await insertCompanyBankHoliday(trx, { companyId, values: context.body });
            await recordLeaveWrite(trx, audit(context, companyId, 'created', created.id));
            return created;
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw AppError.validation({ date: [leaveMessages.bankHolidayExists] });
          throw error;
        }
      },
    },
    delete: {
      scope: 'company',
      handler: async (context) => {
        if (/^[a-z-]+:\d{4}-\d{2}-\d{2}$/.test(context.id)) throw new AppError('conflict', { message: leaveMessages.shippedBankHoliday });
        if (!/^[0-9a-f-]{36}$/i.test(context.id)) return false;
        return onRecord(context, async (trx, companyId) => {
          const deleted = await deleteCompanyBankHoliday(trx, { companyId, id: context.id });
          if (deleted) await recordLeaveWrite(trx, audit(context, companyId, 'deleted', context.id));
          return deleted;
        });
      },
    },
  });
}

export function mountLeaveSettings(app: FastifyInstance, deps: AppDeps): void {
  mountLeaveTypes(app);
  mountPolicyTemplates(app);
  mountLeaveSettingsResource(app, deps);
  mountBlockedDates(app);
  mountBankHolidays(app);
}
